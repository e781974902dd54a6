// The one service worker at scope '/' (decision 003): the offline page of /sw.js plus web push (SPEC.md §7).
// A push is sent only when the member has no open tab with a live socket (worker/live/events.ts), so
// every push becomes a notification; open tabs of this origin are told too, so they reload chats and likes.
// Payload (core/schemas/push.ts): { type, title, body, checkUrl, openUrl, tag }. A click opens openUrl.
importScripts('/sw.js');

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ source: 'sw-push', payload: data });
      await self.registration.showNotification(String(data.title || ''), {
        body: String(data.body || ''),
        tag: data.tag ? String(data.tag) : undefined,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { type: data.type, checkUrl: data.checkUrl, openUrl: data.openUrl },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only paths of this site: a payload can never send the member elsewhere.
  const target = new URL(String(event.notification.data?.openUrl || '/'), self.location.origin);
  const url = target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
