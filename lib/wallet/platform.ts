import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, walletEntries } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { operatorAccount } from './ledger';

export const PLATFORM_ENTRY_KINDS = ['payout', 'settlement'] as const;
export type PlatformEntryKind = (typeof PLATFORM_ENTRY_KINDS)[number];

export type PlatformEntryInput = { kind: PlatformEntryKind; amount: number; reference: string; idempotencyKey: string };

/**
 * Records a payout (the platform pays the operator: available goes down) or
 * a settlement (the operator pays the platform what it owes: owed goes down).
 * Idempotent by key per operator: the same key answers the first entry, and a
 * key reused for another kind or amount is refused. A payout above what is
 * available, or a settlement above what is owed, is refused and records nothing.
 * `amount` in minor units.
 */
export async function recordPlatformEntry(db: Db, businessId: number, input: PlatformEntryInput) {
  const outcome = await db.transaction(async (tx) => {
    // One platform entry per operator at a time: the business row is the lock.
    const [business] = await tx.select({ currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId)).for('update');
    if (!business) return { error: new DomainError('not_found', 'not_found', 'This operator was not found.') };
    const [existing] = await tx
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.businessId, businessId), eq(walletEntries.idempotencyKey, input.idempotencyKey)))
      .limit(1);
    if (existing) {
      const amount = existing.kind === 'payout' ? -existing.available : -existing.owed;
      if (existing.kind !== input.kind || amount !== input.amount) {
        return { error: new DomainError('conflict', 'idempotency_key_reused', 'idempotencyKey: This key was used for another entry.', 'idempotencyKey') };
      }
      return { entry: existing, created: false };
    }
    const account = await operatorAccount(tx, businessId);
    if (input.kind === 'payout' && input.amount > account.available) {
      return {
        error: new DomainError('conflict', 'payout_above_available', `amount: A payout can be at most the available ${account.available / 100}.`, 'amount'),
      };
    }
    if (input.kind === 'settlement' && input.amount > account.owed) {
      return { error: new DomainError('conflict', 'settlement_above_owed', `amount: A settlement can be at most the owed ${account.owed / 100}.`, 'amount') };
    }
    const [entry] = await tx
      .insert(walletEntries)
      .values({
        businessId,
        userId: null,
        rideId: null,
        kind: input.kind,
        available: input.kind === 'payout' ? -input.amount : 0,
        owed: input.kind === 'settlement' ? -input.amount : 0,
        currency: business.currency,
        description: input.kind === 'payout' ? `Payout to the operator (${input.reference})` : `Settlement of commission owed (${input.reference})`,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    return { entry, created: true };
  });
  if ('error' in outcome) throw outcome.error;
  const account = await operatorAccount(db, businessId);
  return { ...outcome, account };
}
