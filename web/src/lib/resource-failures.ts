// Whether a script, style sheet or page chunk of this page failed to load: the service
// worker reloads the page when an update installs after such a failure
// (docs/pages-and-links.md#service-worker).

let resourcesFailed = false;

export function noteResourceFailure(): void {
  resourcesFailed = true;
}

export function haveResourcesFailed(): boolean {
  return resourcesFailed;
}

/** Notes every script or style sheet of the page that fails to load from now on. */
export function watchResourceErrors(): void {
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement || target instanceof HTMLLinkElement) noteResourceFailure();
    },
    true,
  );
}
