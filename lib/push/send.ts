import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { pushSubscriptions, type PushSubscriptionRow } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import type { PushPayload } from './schemas';
import { endpointProblem, InternalAddressError, isAddedHost, publicPushAgent } from './endpoints';
import { getPushSettings } from './subscriptions';
import { vapidKeys } from './vapid';

/** Seconds a push service keeps an undelivered message: a ride update older than this is no longer news. */
export const PUSH_TTL_SECONDS = 4 * 60 * 60;
/** Socket timeout of one push request, in ms. */
const PUSH_TIMEOUT_MS = 10_000;
/** Back-off after a 429 without a usable Retry-After, and the longest one honoured, in ms. */
const DEFAULT_RETRY_MS = 60_000;
const MAX_RETRY_MS = 24 * 60 * 60 * 1000;
/** Failed sends in a row after which an endpoint is dropped (the browser subscribes again when it still wants pushes). */
export const MAX_FAILURES = 5;

export type SendOutcome = { sent: number; skipped: number; removed: number; failed: number };

/** Retry-After as delay-seconds or an HTTP date, bounded to a day. */
export function retryAfterDate(header: string | string[] | undefined, now: Date): Date {
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const at = /^\d+$/.test(value) ? now.getTime() + Number(value) * 1000 : Date.parse(value);
  const delay = Number.isFinite(at) && at > now.getTime() ? at - now.getTime() : DEFAULT_RETRY_MS;
  return new Date(now.getTime() + Math.min(delay, MAX_RETRY_MS));
}

function pushStatus(error: unknown): { statusCode: number; headers: Record<string, string | string[] | undefined> } | undefined {
  const e = error as { statusCode?: unknown; headers?: unknown };
  return typeof e?.statusCode === 'number'
    ? { statusCode: e.statusCode, headers: (e.headers ?? {}) as Record<string, string | string[] | undefined> }
    : undefined;
}

type Result = 'sent' | 'skipped' | 'removed' | 'failed';

async function sendOne(db: Db, sub: PushSubscriptionRow, body: string, now: Date): Promise<Result> {
  if (endpointProblem(sub.endpoint)) {
    // stored before endpoints were checked, or its host was taken off PUSH_ENDPOINT_HOSTS: never contacted
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    return 'removed';
  }
  if (sub.retryAfter && sub.retryAfter > now) return 'skipped';
  const { publicKey, privateKey, subject } = vapidKeys();
  // web-push is loaded with the first notification, not at start-up (docs/architecture/memory.md#packages-loaded-on-first-use)
  const { default: webpush } = await import('web-push');
  try {
    await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, body, {
      TTL: PUSH_TTL_SECONDS,
      vapidDetails: { subject, publicKey, privateKey },
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      timeout: PUSH_TIMEOUT_MS,
      // a public push service's name must still resolve to a public address; hosts the deployment added are its own
      ...(isAddedHost(sub.endpoint) ? {} : { agent: publicPushAgent }),
    });
    if (sub.retryAfter || sub.failures) await db.update(pushSubscriptions).set({ retryAfter: null, failures: 0 }).where(eq(pushSubscriptions.id, sub.id));
    return 'sent';
  } catch (error) {
    const status = pushStatus(error);
    if (status?.statusCode === 404 || status?.statusCode === 410 || error instanceof InternalAddressError) {
      if (error instanceof InternalAddressError) logger.warn({ subscriptionId: sub.id, reason: error.message }, 'push endpoint on an internal address dropped');
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return 'removed';
    }
    if (status?.statusCode === 429) {
      const retryAfter = retryAfterDate(status.headers['retry-after'], now);
      await db.update(pushSubscriptions).set({ retryAfter }).where(eq(pushSubscriptions.id, sub.id));
      logger.warn({ subscriptionId: sub.id, retryAfter }, 'push service asked to slow down');
      return 'failed';
    }
    logger.warn({ err: error, subscriptionId: sub.id, statusCode: status?.statusCode }, 'push send failed');
    // counted in the database: sends of two rides at once each add theirs
    const [counted] = await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, sub.id))
      .returning({ failures: pushSubscriptions.failures });
    if (counted && counted.failures >= MAX_FAILURES) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return 'removed';
    }
    return 'failed';
  }
}

/**
 * Sends one message to every device of the user (unless they switched push
 * off): encrypted (aes128gcm) with a TTL; 404/410 delete the subscription,
 * 429 stores Retry-After and the device is skipped until then. An endpoint
 * off the allowed hosts, or whose push service resolves to an internal
 * address, is dropped without a connection; MAX_FAILURES other failures in a
 * row drop it too.
 */
export async function sendToUser(
  db: Db,
  businessId: number,
  userId: number,
  payload: PushPayload | (() => Promise<PushPayload | undefined>),
  now = new Date(),
): Promise<SendOutcome> {
  // most riders have no subscription: one read, and nothing else is looked up
  const subs = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.businessId, businessId), eq(pushSubscriptions.userId, userId)));
  return sendToSubscriptions(db, userId, subs, payload, now);
}

/** `sendToUser` for subscriptions already read (all of `userId`'s in the business: lib/push/subscriptions.ts rideAudience). */
export async function sendToSubscriptions(
  db: Db,
  userId: number,
  subs: PushSubscriptionRow[],
  payload: PushPayload | (() => Promise<PushPayload | undefined>),
  now = new Date(),
): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, skipped: 0, removed: 0, failed: 0 };
  if (subs.length === 0 || !(await getPushSettings(db, userId)).pushEnabled) return outcome;
  const message = typeof payload === 'function' ? await payload() : payload;
  if (!message) return outcome;
  const body = JSON.stringify(message);
  const results = await Promise.all(subs.map((sub) => sendOne(db, sub, body, now)));
  for (const result of results) outcome[result] += 1;
  return outcome;
}
