// The site's service worker, served as /sw.js (docs/pages-and-links.md#service-worker;
// lib/service-worker.ts registers it). vite-plugin-pwa builds it with the Workbox modules
// bundled in (the Content-Security-Policy allows scripts from 'self' alone) and injects
// the build's precache manifest, the app shell (build/app-shell-precache.ts): a build that
// changes any chunk changes the shell's names (the entry names every chunk), so browsers
// install its worker as an update, and what an older build precached is dropped when it
// activates. Pages and their data stay available offline once visited.
import { cacheNames, clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isHashedAsset, isPageOrData, isPoster, isStorable, staleCacheNames } from './lib/offline-cache';
import { ALERT_ICON, alertTarget, parsePushAlert, showsTarget } from './lib/push-notification';

declare let self: ServiceWorkerGlobalScope;

const ASSETS_CACHE = 'assets';
const PAGES_CACHE = 'pages';
const POSTERS_CACHE = 'posters';
const THIRTY_DAYS = 30 * 24 * 60 * 60;

// An update takes over at once, as the hand-written worker did: the page reloads itself
// when the update fixes a failure (lib/service-worker.ts), and a page still running the
// older build finds the chunks it has loaded in the runtime cache.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
// Precaches of older Workbox versions, then every other cache this worker does not use.
cleanupOutdatedCaches();
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const inUse = [cacheNames.precache, ASSETS_CACHE, PAGES_CACHE, POSTERS_CACHE];
      await Promise.all(staleCacheNames(await caches.keys(), inUse).map((name) => caches.delete(name)));
    })(),
  );
});

/** Keeps only what `isStorable` allows (Workbox's default keeps every 200, no-store ones too). */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) => Promise.resolve(isStorable(response) ? response : null),
};

// Every route takes same-origin GET requests only (registerRoute's default method).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isHashedAsset(url.pathname),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: THIRTY_DAYS, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && isPageOrData({ mode: request.mode, pathname: url.pathname }),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    // A page's answer varies on Accept-Encoding and the like; offline, any copy will do.
    matchOptions: { ignoreVary: true },
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isPoster(url.pathname),
  new NetworkFirst({
    cacheName: POSTERS_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

// A member's on-sale and last-chance alerts (docs/loyalty.md#alerts), sent by svc-loyalty
// to the subscription made on the alerts screen. A message that is no alert shows nothing.
self.addEventListener('push', (event) => {
  const alert = parsePushAlert(event.data?.text());
  if (!alert) return;
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      icon: ALERT_ICON,
      data: { url: alert.url },
    }),
  );
});

// The alert's page: a window of the site already showing it comes forward, else a new one
// opens. Only a path on this site is opened (alertTarget), whatever the message said.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const target = alertTarget(typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => showsTarget(client.url, target, self.location.origin));
      if (open) {
        await open.focus();
        return;
      }
      await self.clients.openWindow(new URL(target, self.location.origin).href);
    })(),
  );
});
