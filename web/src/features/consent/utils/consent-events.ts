// The footer's "privacy choices" control and the consent manager live in different
// parts of the page; a window event connects them without a shared context.

export const OPEN_CONSENT_EVENT = 'consent:open';

export function openConsentPreferences(): void {
  window.dispatchEvent(new Event(OPEN_CONSENT_EVENT));
}
