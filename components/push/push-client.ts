import { api, typedCall, within, type ApiBody } from '@/lib/api/typed-client';

/** Browser side of Web Push (docs/requirements/rider.md#notifications): storage keys, the service worker and this device's subscription. */
export const PUSH_STORAGE = { subscription: 'notif-sub', granted: 'notif-granted', dismissed: 'notif-dismissed' } as const;
/** ms: the service worker registers once the page is idle, at the latest after this. */
export const SW_REGISTER_DELAY_MS = 30_000;
export const SW_URL = '/sw.js';
/** The `type` of the message sw.js posts to open pages on each push. */
export const PUSH_MESSAGE = 'travelsx:push';
export const NOTIFICATION_SOUND = '/sounds/new-booking.wav';

export type PushMessage = { type: typeof PUSH_MESSAGE; title: string; body: string; data: Record<string, unknown> };

export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) {
    console.warn('Service worker is not enabled in this browser');
    return Promise.resolve(undefined);
  }
  registration ??= navigator.serviceWorker.register(SW_URL).catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
    registration = null;
    return undefined;
  });
  return registration;
}

let scheduled = false;

/** Registers the service worker when the page is idle, or after 30 s at the latest (docs/requirements/rider.md#notifications). */
export function scheduleServiceWorker(): void {
  if (scheduled || !('serviceWorker' in navigator)) return;
  scheduled = true;
  const run = () => void registerServiceWorker();
  // Safari has no requestIdleCallback: it waits the full delay.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: SW_REGISTER_DELAY_MS });
  else setTimeout(run, SW_REGISTER_DELAY_MS);
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

let publicKey: Promise<string | undefined> | null = null;

function serverKey(): Promise<string | undefined> {
  publicKey ??= typedCall(api.push.key.$get(undefined, within())).then((result) => {
    if (result.ok) return result.data.data.publicKey;
    publicKey = null;
    return undefined;
  });
  return publicKey;
}

/**
 * Subscribes this browser with the server's key (a subscription made with an
 * older key is replaced) and keeps its JSON in notif-sub. Waits for the
 * service worker; failures are only logged.
 */
export async function ensureSubscription(): Promise<PushSubscriptionJSON | undefined> {
  try {
    const ready = await navigator.serviceWorker.ready;
    const key = await serverKey();
    if (!key) throw new Error('the push key could not be loaded');
    const applicationServerKey = base64UrlToBytes(key);
    let subscription = await ready.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
      void typedCall(api.push.subscriptions.$delete({ json: { endpoint: subscription.endpoint } }, within()));
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    const json = subscription.toJSON();
    localStorage.setItem(PUSH_STORAGE.subscription, JSON.stringify(json));
    return json;
  } catch (error) {
    console.warn('Push subscription failed', error);
    return undefined;
  }
}

const sent = new Set<string>();

/** Sends the stored notif-sub to the server for the signed-in user (once per page load; guests' wait for sign-in). */
export async function sendStoredSubscription(userId: number): Promise<void> {
  if (!isPushSupported() || Notification.permission !== 'granted') return;
  const stored = localStorage.getItem(PUSH_STORAGE.subscription);
  if (!stored) return;
  let subscription: PushSubscriptionJSON;
  try {
    subscription = JSON.parse(stored) as PushSubscriptionJSON;
  } catch {
    localStorage.removeItem(PUSH_STORAGE.subscription);
    return;
  }
  const mark = `${userId} ${subscription.endpoint}`;
  if (sent.has(mark)) return;
  sent.add(mark);
  // The browser's own subscription JSON: the server's schema checks its endpoint and keys.
  const result = await typedCall(api.push.subscriptions.$post({ json: subscription as ApiBody<typeof api.push.subscriptions.$post> }, within()));
  if (result.ok) return;
  sent.delete(mark);
  if (result.error.status !== 401) console.warn('The push subscription could not be saved', result.error.message);
}

export function playNotificationSound(): void {
  new Audio(NOTIFICATION_SOUND).play().catch((error: unknown) => console.warn('The notification sound could not play', error));
}
