// docs/pages-and-links.md#service-worker: /sw.js, over HTTPS or on localhost only; when an
// update installs and resources of this page had failed to load, the page reloads. It
// loads after the page (main.tsx), so it stays out of the first chunk. The worker itself
// is src/sw.ts, which the production build turns into dist/sw.js.
import { haveResourcesFailed } from './resource-failures';

export const SERVICE_WORKER_URL = '/sw.js';
export const INSECURE_ORIGIN_MESSAGE =
  'Service workers can only be used over HTTPS, or on localhost for development';

const LOCAL_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

export function canUseServiceWorker({ protocol, hostname }: { protocol: string; hostname: string }): boolean {
  return protocol === 'https:' || LOCAL_HOSTS.test(hostname) || hostname.endsWith('.localhost');
}

/**
 * Whether the page reloads when a worker reaches 'installed': only for an update (a
 * worker already controlled the page) and only when something had failed to load,
 * which the new version is likely to fix.
 */
export function shouldReloadOnInstalled({
  hadController,
  resourcesFailed,
}: {
  hadController: boolean;
  resourcesFailed: boolean;
}): boolean {
  return hadController && resourcesFailed;
}

/** Registers /sw.js where the browser allows it, and reloads after an update that fixes failures. */
export async function registerServiceWorker(): Promise<void> {
  // After the page's load, so the worker's precaching does not compete with the page. A
  // published page fetches the app once it has painted, often after its load event.
  if (document.readyState !== 'complete') {
    await new Promise((loaded) => window.addEventListener('load', loaded, { once: true }));
  }
  // Browsers hide navigator.serviceWorker on insecure origins, so the origin comes first.
  if (!canUseServiceWorker(window.location)) {
    console.warn(INSECURE_ORIGIN_MESSAGE);
    return;
  }
  if (!('serviceWorker' in navigator)) return;
  // The dev server has no /sw.js: the worker is built with the production build.
  if (import.meta.env.DEV) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL)
    .then((registration) => {
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state !== 'installed') return;
          const hadController = Boolean(navigator.serviceWorker.controller);
          if (shouldReloadOnInstalled({ hadController, resourcesFailed: haveResourcesFailed() })) window.location.reload();
        });
      });
    })
    .catch((error: unknown) => console.warn('service worker registration failed', error));
}

/**
 * The site's worker registration, active, for what needs one (a push subscription): the
 * one registerServiceWorker made, or made now when that has not run yet. Rejects where
 * there is no worker (an insecure origin, the dev server).
 */
export async function siteServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!canUseServiceWorker(window.location) || !('serviceWorker' in navigator)) {
    throw new Error(INSECURE_ORIGIN_MESSAGE);
  }
  // Registering the same script again hands back its registration.
  if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}
