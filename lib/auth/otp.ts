import { randomBytes, randomInt, createHash } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { otpCodes } from '@/lib/db/schema';
import { DomainError, tooManyRequests } from '@/lib/errors/domain-error';
import { HOUR_MS, OTP } from './constants';
import { hitRateLimit } from '@/lib/limits/counters';
import { env } from '@/lib/env';
import { hashToken, safeEqual } from '@/lib/crypto/tokens';

/**
 * A code's key: the business, the phone or e-mail, the role, and the request
 * it answers (a random token the requesting browser holds in a cookie). A
 * bound code answers only its own request: nobody else's wrong guesses touch
 * it, and a code asked for by someone else cannot be guessed from here.
 */
type CodeKey = { businessId: number; identifier: string; role: string; request?: string };

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

const requestMatch = (request: string | undefined) => (request === undefined ? isNull(otpCodes.requestHash) : eq(otpCodes.requestHash, hashToken(request)));
const sameIdentity = (key: CodeKey) => and(eq(otpCodes.businessId, key.businessId), eq(otpCodes.identifier, key.identifier), eq(otpCodes.role, key.role));

/** A uniformly random numeric code from the CSPRNG. */
export function generateCode(): string {
  return randomInt(0, 10 ** OTP.LENGTH)
    .toString()
    .padStart(OTP.LENGTH, '0');
}

/** How long after the latest code the next one for this phone or e-mail may go: 30 s, doubling from the 4th within an hour, at most 10 minutes. */
export function resendWaitMs(codesThisHour: number): number {
  const doublings = Math.max(0, codesThisHour - OTP.FREE_RESENDS_PER_HOUR + 1);
  return Math.min(OTP.RESEND_AFTER_MS * 2 ** doublings, OTP.MAX_RESEND_WAIT_MS);
}

async function assertResendDue(db: Db, key: CodeKey): Promise<void> {
  const [row] = await db
    .select({ n: count(), latest: sql<string | Date | null>`max(${otpCodes.createdAt})` })
    .from(otpCodes)
    .where(and(sameIdentity(key), gt(otpCodes.createdAt, new Date(Date.now() - HOUR_MS))));
  if (!row?.latest) return;
  const sinceLast = Date.now() - new Date(row.latest).getTime();
  // RATE_LIMITS=off (load and end-to-end runs, which sign one account in many times an hour) keeps the plain wait, not its doubling
  const due = env().RATE_LIMITS === 'off' ? OTP.RESEND_AFTER_MS : resendWaitMs(Number(row.n));
  if (sinceLast < due) {
    const wait = Math.ceil((due - sinceLast) / 1000);
    throw new DomainError('rate_limited', 'resend_too_soon', `Wait ${wait} seconds before asking for a new code.`, undefined, wait);
  }
}

/**
 * Checks the per-address cap and the phone's or e-mail's resend wait, then
 * stores a new code for this request (the request's earlier codes, and those
 * of `replaces`, the browser's previous request, are dead) and returns it.
 */
export async function issueCode(db: Db, key: CodeKey & { channel: 'email' | 'sms'; ip: string; replaces?: string }): Promise<string> {
  const ipLimit = await hitRateLimit(db, `otp-ip:${key.ip}`, OTP.MAX_PER_IP_PER_HOUR, HOUR_MS);
  if (!ipLimit.allowed) throw tooManyRequests(ipLimit.retryAfterSeconds, 'Too many codes requested from this network. Try again later.');
  await assertResendDue(db, key);
  const code = generateCode();
  const salt = randomBytes(16).toString('hex');
  // a bound code replaces its own request's (and the browser's previous request's); an unbound one any unbound
  const replaced = key.request === undefined ? [undefined] : [key.request, ...(key.replaces ? [key.replaces] : [])];
  await db.transaction(async (tx) => {
    for (const request of replaced)
      await tx
        .update(otpCodes)
        .set({ consumedAt: new Date() })
        .where(and(sameIdentity(key), requestMatch(request), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      businessId: key.businessId,
      channel: key.channel,
      identifier: key.identifier,
      role: key.role,
      requestHash: key.request === undefined ? null : hashToken(key.request),
      salt,
      codeHash: hashCode(salt, code),
      expiresAt: new Date(Date.now() + OTP.TTL_MS),
    });
  });
  return code;
}

export const invalidCode = () => new DomainError('invalid', 'otp_invalid', 'The code is wrong or has expired.', 'otp');
export const lockedCode = () => new DomainError('invalid', 'otp_locked', 'Too many wrong tries. Ask for a new code.', 'otp');

/**
 * Consumes this request's live code if `code` matches (with `keep`, checks it
 * and leaves it live, for a second step with the same code). A wrong guess
 * counts; after MAX_ATTEMPTS the code is dead even for the right digits. Used
 * or expired codes, and codes of another request, fail.
 */
export async function consumeCode(db: Db, key: CodeKey, code: string, { keep = false } = {}): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(otpCodes)
      .where(and(sameIdentity(key), requestMatch(key.request), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.id))
      .limit(1)
      .for('update');
    if (!live || live.expiresAt.getTime() <= Date.now()) return 'invalid' as const;
    if (live.attempts >= OTP.MAX_ATTEMPTS) return 'locked' as const;
    if (!safeEqual(hashCode(live.salt, code), live.codeHash)) {
      // The wrong guess is committed before the error is raised.
      await tx
        .update(otpCodes)
        .set({ attempts: live.attempts + 1 })
        .where(eq(otpCodes.id, live.id));
      return live.attempts + 1 >= OTP.MAX_ATTEMPTS ? ('locked' as const) : ('invalid' as const);
    }
    if (!keep) await tx.update(otpCodes).set({ consumedAt: new Date() }).where(eq(otpCodes.id, live.id));
    return 'ok' as const;
  });
  if (outcome === 'invalid') throw invalidCode();
  if (outcome === 'locked') throw lockedCode();
}
