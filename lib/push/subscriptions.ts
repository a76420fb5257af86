import { ECDH } from 'node:crypto';
import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { PARTNER_ROLES } from '@/lib/auth/constants';
import { notificationSettings, pushSubscriptions, users, type PushSubscriptionRow } from '@/lib/db/schema';
import { badRequest } from '@/lib/errors/domain-error';
import { endpointProblem } from './endpoints';
import type { PushSettings, PushSubscriptionInput } from './schemas';

type Owner = { businessId: number; userId: number };

const USER_AGENT_MAX = 500;
/** Devices one user keeps subscribed: a new one past this replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** True when the key is a point on P-256 (the schema only checks its shape). */
function isCurvePoint(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores a device's subscription for the user, on a push service's host
 * only (lib/push/endpoints.ts). An endpoint is one browser profile on this
 * origin: subscribing it again (new keys, or another account signed in on the
 * device) moves it to the latest user and clears any back-off. A user keeps
 * MAX_SUBSCRIPTIONS_PER_USER devices, the newest.
 */
export async function subscribe(db: Db, owner: Owner, input: PushSubscriptionInput, userAgent?: string | null): Promise<void> {
  if (!isCurvePoint(input.keys.p256dh)) throw badRequest('keys.p256dh: must be a point on the P-256 curve', 'keys.p256dh');
  const problem = endpointProblem(input.endpoint);
  if (problem) throw badRequest(`endpoint: ${problem}`, 'endpoint');
  const row = {
    businessId: owner.businessId,
    userId: owner.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    retryAfter: null,
  };
  // An endpoint belongs to one origin, so one business: another business's row is never moved (nothing happens).
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent, retryAfter: null, failures: 0, createdAt: sql`now()` },
      setWhere: eq(pushSubscriptions.businessId, row.businessId),
    });
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.businessId, owner.businessId), eq(pushSubscriptions.userId, owner.userId)))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_USER);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.businessId, owner.businessId), eq(pushSubscriptions.userId, owner.userId), notInArray(pushSubscriptions.id, kept)));
}

/** Removes one of the user's devices; returns whether it existed. */
export async function unsubscribe(db: Db, owner: Owner, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, owner.userId), eq(pushSubscriptions.businessId, owner.businessId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** The user's switch; on until they turn it off. */
export async function getPushSettings(db: Db, userId: number): Promise<PushSettings> {
  const [row] = await db
    .select({ pushEnabled: notificationSettings.pushEnabled })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return { pushEnabled: row?.pushEnabled ?? true };
}

export async function setPushSettings(db: Db, userId: number, settings: PushSettings): Promise<PushSettings> {
  await db
    .insert(notificationSettings)
    .values({ userId, pushEnabled: settings.pushEnabled })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { pushEnabled: settings.pushEnabled } });
  return { pushEnabled: settings.pushEnabled };
}

type PartnerRole = (typeof PARTNER_ROLES)[number];

/**
 * Who hears of a ride's change, in one read (it runs on every change of every ride, and most have no device):
 * the rider's devices, and the devices of the business's console users who turned notifications on (the ride event
 * page's bell), each user's devices together, with the role of a console user.
 */
export async function rideAudience(
  db: Db,
  businessId: number,
  riderId: number,
): Promise<{ userId: number; role: PartnerRole | null; subs: PushSubscriptionRow[] }[]> {
  const rows = await db
    .select({ sub: pushSubscriptions, role: users.role, userBusinessId: users.businessId })
    .from(pushSubscriptions)
    .leftJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      and(
        eq(pushSubscriptions.businessId, businessId),
        or(eq(pushSubscriptions.userId, riderId), and(eq(users.businessId, businessId), inArray(users.role, [...PARTNER_ROLES]))),
      ),
    );
  const byUser = new Map<number, { userId: number; role: PartnerRole | null; subs: PushSubscriptionRow[] }>();
  for (const { sub, role, userBusinessId } of rows) {
    const consoleRole = userBusinessId === businessId && (PARTNER_ROLES as readonly string[]).includes(role ?? '') ? (role as PartnerRole) : null;
    const entry = byUser.get(sub.userId) ?? { userId: sub.userId, role: consoleRole, subs: [] };
    entry.subs.push(sub);
    byUser.set(sub.userId, entry);
  }
  return [...byUser.values()];
}
