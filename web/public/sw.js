// The site's service worker (SPEC.md section 2): pages and their data stay available
// offline once visited. Hashed assets never change, so they are served from the cache;
// pages and data come from the network first and from the cache when it fails.
const VERSION = 'v1';
const ASSETS = `assets-${VERSION}`;
const PAGES = `pages-${VERSION}`;
// Data a visited page needs to render again offline.
const DATA_PATHS = /^\/(api\/v1|page-data|posters)\//;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([ASSETS, PAGES]);
      for (const name of await caches.keys()) {
        if (!keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

/** Whether the server allows keeping `response`: not a no-store one (the ticketing sandbox shows the member's token). */
function storable(response) {
  return !/no-store/i.test(response.headers.get('Cache-Control') ?? '');
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    // Missing pages answer 404 with the app shell: kept too, so they show offline.
    if ((response.ok || response.status === 404) && storable(response)) {
      (await caches.open(PAGES)).put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === 'navigate' || DATA_PATHS.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});
