// The locale messages travel in the app data; when that request fails there is no
// catalogue to read from, so this one screen has built-in text in the default locale.
export const STARTUP_FAILURE_TEXT = {
  title: 'The site could not be loaded.',
  retry: 'Try again',
} as const;
