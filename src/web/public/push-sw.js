// Web push in the app's service worker (issue 30): sw.js (Workbox, decision 0021) imports this
// file. A push shows its title and body; a click on it focuses a tab already on its page, or
// opens that page. The payload is JSON: { title, body, url, tag? }; url is a path of this app
// (anything else opens the home page).

/** The payload of a push, whatever came: JSON, plain text, or nothing. */
function pushPayload(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? parsed : { body: String(parsed) };
  } catch {
    return { body: data.text() };
  }
}

/** The page a notification opens: a path of this origin, else the home page. */
function targetUrl(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

self.addEventListener('push', (event) => {
  const payload = pushPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Crowned';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // A later push about the same thing replaces the earlier one.
      ...(typeof payload.tag === 'string' ? { tag: payload.tag, renotify: true } : {}),
      data: { url: targetUrl(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
