import { randomBytes, randomInt, createHash } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { otpCodes } from '@/lib/db/schema';
import { DomainError, tooManyRequests } from '@/lib/errors/domain-error';
import { HOUR_MS, OTP } from './constants';
import { hitRateLimit } from '@/lib/limits/counters';
import { safeEqual } from '@/lib/crypto/tokens';

type CodeKey = { businessId: number; identifier: string; role: string };

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** A uniformly random numeric code from the CSPRNG. */
export function generateCode(): string {
  return randomInt(0, 10 ** OTP.LENGTH)
    .toString()
    .padStart(OTP.LENGTH, '0');
}

/**
 * Checks the per-IP and per-identifier caps and the resend delay, then stores
 * a new code (replacing any live one) and returns it for delivery.
 */
export async function issueCode(db: Db, key: CodeKey & { channel: 'email' | 'sms'; ip: string }): Promise<string> {
  const ipLimit = await hitRateLimit(db, `otp-ip:${key.ip}`, OTP.MAX_PER_IP_PER_HOUR, HOUR_MS);
  if (!ipLimit.allowed) throw tooManyRequests(ipLimit.retryAfterSeconds, 'Too many codes requested from this network. Try again later.');

  const [latest] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.businessId, key.businessId), eq(otpCodes.identifier, key.identifier), eq(otpCodes.role, key.role)))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  const sinceLast = latest ? Date.now() - latest.createdAt.getTime() : Infinity;
  if (sinceLast < OTP.RESEND_AFTER_MS) {
    const wait = Math.ceil((OTP.RESEND_AFTER_MS - sinceLast) / 1000);
    throw new DomainError('rate_limited', 'resend_too_soon', `Wait ${wait} seconds before asking for a new code.`, undefined, wait);
  }
  const idLimit = await hitRateLimit(db, `otp-id:${key.businessId}:${key.role}:${key.identifier}`, OTP.MAX_PER_IDENTIFIER_PER_HOUR, HOUR_MS);
  if (!idLimit.allowed) throw tooManyRequests(idLimit.retryAfterSeconds, 'Too many codes requested for this account. Try again in an hour.');

  const code = generateCode();
  const salt = randomBytes(16).toString('hex');
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(otpCodes.businessId, key.businessId), eq(otpCodes.identifier, key.identifier), eq(otpCodes.role, key.role), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      businessId: key.businessId,
      channel: key.channel,
      identifier: key.identifier,
      role: key.role,
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
 * Consumes the live code if `code` matches (with `keep`, checks it and leaves
 * it live, for a second step with the same code). A wrong guess counts; after
 * the fifth the code is dead even for the right digits. Used or expired codes
 * fail.
 */
export async function consumeCode(db: Db, key: CodeKey, code: string, { keep = false } = {}): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.businessId, key.businessId), eq(otpCodes.identifier, key.identifier), eq(otpCodes.role, key.role), isNull(otpCodes.consumedAt)))
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
