// The app's service worker (scope '/'): when a page cannot be loaded because there is no network, it shows the
// offline page that the app stored in the cache (client/components/pwa/extras.tsx), in the visitor's language.
// It touches nothing else: no other requests. The browser registers /sw-push.js, which imports this file and adds
// the push handlers (decision 003: one worker at scope '/').
//
// Navigation preload lets the browser fetch the page itself while the worker starts; the worker never calls fetch,
// so the strict content policy of static files applies to it without getting in the way.

const OFFLINE_CACHE = 'offline-v1';
const OFFLINE_URL = '/offline';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('offline-') && name !== OFFLINE_CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  // Only page loads, and only where the browser preloads them (otherwise the browser handles the request itself).
  if (request.mode !== 'navigate' || request.method !== 'GET' || !self.registration.navigationPreload) return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        if (preloaded) return preloaded;
      } catch {
        // no network: the offline page below
      }
      const offline = await caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE, ignoreVary: true });
      if (offline) return offline;
      return Response.error();
    })(),
  );
});
