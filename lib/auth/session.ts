import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { preparedOn } from '@/lib/db/prepared';
import { businesses, sessions, users, type UserRole } from '@/lib/db/schema';
import { hashToken, newToken } from '@/lib/crypto/tokens';

export const SESSION_COOKIE = '__Host-session';
/** A session dies after 30 idle days or 90 days in all. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export type SessionUser = {
  userId: number;
  businessId: number;
  role: UserRole;
  name: string | null;
  email: string | null;
  phoneCode: string | null;
  phone: string | null;
};

export async function createSession(db: Db, user: { id: number; businessId: number }, userAgent?: string | null): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    businessId: user.businessId,
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return token;
}

/** Every signed-in request reads its session: built once per database handle (lib/db/prepared.ts). */
const liveSession = preparedOn('live_session', (db, name) =>
  db
    .select({
      userId: users.id,
      businessId: sessions.businessId,
      role: users.role,
      name: users.name,
      email: users.email,
      phoneCode: users.phoneCode,
      phone: users.phone,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(businesses, eq(businesses.id, sessions.businessId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.deletedAt)))
    .limit(1)
    .prepare(name),
);

/** The live session of a token on the given tenant, or undefined (unknown, expired, idle, other tenant). */
export async function readSession(db: Db, token: string, businessId: number): Promise<SessionUser | undefined> {
  if (!token || token.length > 200) return undefined;
  const tokenHash = hashToken(token);
  const now = new Date();
  const rows = await liveSession(db).execute({ tokenHash, now: now.toISOString() });
  const row = rows[0];
  if (!row || row.businessId !== businessId) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { lastSeenAt: _seen, ...user } = row;
  return user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
