/**
 * Service worker of the rider site (docs/requirements/rider.md#notifications): shows each Web Push
 * message, relays it to open pages (the rides list refreshes, the page plays
 * the notification sound) and opens the ride when the notification is clicked.
 * Keep PUSH_MESSAGE in step with components/push/push-client.ts.
 */
const DEFAULT_TITLE = 'Travelsx';
const PUSH_MESSAGE = 'travelsx:push';
/** Unprefixed: the site redirects it to the visitor's country and language. */
const RIDES_PATH = '/user/rides';
const ICON = '/favicon.svg';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readMessage(event) {
  if (!event.data) return {};
  try {
    const parsed = event.data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: event.data.text() };
  }
}

async function relayToPages(message) {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

self.addEventListener('push', (event) => {
  const message = readMessage(event);
  const title = typeof message.title === 'string' && message.title ? message.title : DEFAULT_TITLE;
  const body = typeof message.body === 'string' ? message.body : '';
  const data = message.data && typeof message.data === 'object' ? message.data : {};
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, { body, data, icon: ICON, ...(data.rideId ? { tag: `ride-${data.rideId}`, renotify: true } : {}) }),
      relayToPages({ type: PUSH_MESSAGE, title, body, data }),
    ]),
  );
});

/** The ride's page from the message, on this origin only; else the rides page. */
function targetUrl(data) {
  const fallback = new URL(RIDES_PATH, self.location.origin);
  if (!data || typeof data.url !== 'string') return fallback.href;
  const url = new URL(data.url, self.location.origin);
  return url.origin === self.location.origin ? url.href : fallback.href;
}

async function focusOrOpen(url) {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = pages.find((page) => page.url === url);
  if (open) return open.focus();
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(focusOrOpen(targetUrl(event.notification.data)));
});

/** The browser renewed the subscription: store the new one for the signed-in user (a guest's waits for sign-in). */
self.addEventListener('pushsubscriptionchange', (event) => {
  const renew = async () => {
    const options = event.oldSubscription && event.oldSubscription.options;
    const subscription = event.newSubscription || (options ? await self.registration.pushManager.subscribe(options) : null);
    if (!subscription) return;
    await fetch('/api/push/subscriptions', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(subscription.toJSON()),
    });
  };
  event.waitUntil(renew().catch((error) => console.warn('Push subscription renewal failed', error)));
});
