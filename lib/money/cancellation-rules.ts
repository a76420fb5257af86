import 'server-only';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '@/lib/db/client';
import { cancellationPolicies, TRIP_KINDS, type TripKind } from '@/lib/db/schema';
import { DEFAULT_CANCELLATION_RULES, type CancellationRule } from './cancellation';

export type CancellationRules = Record<TripKind, CancellationRule>;

/** Quotes read the rules of their operator: each process keeps a copy for a few seconds (saving here drops it at once). */
const held = new LRUCache<number, CancellationRules>({ max: 10_000, ttl: 5_000 });

/** The operator's rule for every trip kind (the default where it set none). */
export async function cancellationRules(db: Db, businessId: number): Promise<CancellationRules> {
  const hit = held.get(businessId);
  if (hit) return hit;
  const rows = await db.select().from(cancellationPolicies).where(eq(cancellationPolicies.businessId, businessId));
  const rules = { ...DEFAULT_CANCELLATION_RULES };
  for (const row of rows) rules[row.tripKind] = { freeMinutes: row.freeMinutes, feeType: row.feeType, feeValue: row.feeValue };
  held.set(businessId, rules);
  return rules;
}

export async function cancellationRuleFor(db: Db, businessId: number, tripKind: TripKind): Promise<CancellationRule> {
  return (await cancellationRules(db, businessId))[tripKind];
}

/** Replaces the operator's rules; rides already booked keep the rule they were booked with. */
export async function saveCancellationRules(db: Db, businessId: number, rules: CancellationRules): Promise<CancellationRules> {
  held.delete(businessId);
  await db.transaction(async (tx) => {
    for (const tripKind of TRIP_KINDS) {
      const rule = rules[tripKind];
      await tx
        .insert(cancellationPolicies)
        .values({ businessId, tripKind, ...rule })
        .onConflictDoUpdate({ target: [cancellationPolicies.businessId, cancellationPolicies.tripKind], set: rule });
    }
  });
  held.delete(businessId);
  return cancellationRules(db, businessId);
}
