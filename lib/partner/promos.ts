import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { promoCodes, promoRedemptions, type PromoCode } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { keyedError } from '@/lib/errors/domain-error';
import { addDays, startOfLocalDay } from './dates';
import { localDate } from '@/lib/time/zoned';
import { toMajor, toMinor } from '@/lib/money/minor';
import type { PromoValues } from '@/lib/money/promo-schema';

/** The console's promo codes: create, list, change, pause or resume, and delete one nobody has used. */

const notFound = () => keyedError('not_found', 'promo_not_found', 'promoNotFound', 'This promo code was not found.', undefined, 'promoId');

/** A stored code as the console's form holds it (major units, percent, the operator's local days) with its uses so far. */
export function promoView(promo: PromoCode, timeZone: string) {
  return {
    id: promo.id,
    code: promo.code,
    kind: promo.kind,
    value: toMajor(promo.value),
    maxDiscount: promo.maxDiscount === null ? null : toMajor(promo.maxDiscount),
    minFare: toMajor(promo.minFare),
    validFrom: promo.validFrom ? localDate(promo.validFrom, timeZone) : null,
    // stored as the end of the last day (the next day's start)
    validTo: promo.validTo ? addDays(localDate(promo.validTo, timeZone), -1) : null,
    tripKinds: promo.tripKinds,
    vehicleTypes: promo.vehicleTypes,
    firstRideOnly: promo.firstRideOnly,
    perRiderLimit: promo.perRiderLimit,
    maxUses: promo.maxUses,
    budget: promo.budget === null ? null : toMajor(promo.budget),
    active: promo.active,
    uses: promo.uses,
    discounted: toMajor(promo.discounted),
  };
}
export type PromoView = ReturnType<typeof promoView>;

/** The form's values as stored: minor units and basis points, days as instants in the operator's zone. */
function stored(values: PromoValues, timeZone: string) {
  return {
    code: values.code,
    kind: values.kind,
    value: toMinor(values.value),
    maxDiscount: values.maxDiscount === null ? null : toMinor(values.maxDiscount),
    minFare: toMinor(values.minFare),
    validFrom: values.validFrom ? startOfLocalDay(values.validFrom, timeZone) : null,
    validTo: values.validTo ? startOfLocalDay(addDays(values.validTo, 1), timeZone) : null,
    tripKinds: values.tripKinds,
    vehicleTypes: values.vehicleTypes,
    firstRideOnly: values.firstRideOnly,
    perRiderLimit: values.perRiderLimit,
    maxUses: values.maxUses,
    budget: values.budget === null ? null : toMinor(values.budget),
    active: values.active,
    updatedAt: new Date(),
  };
}

const taken = () => keyedError('conflict', 'promo_code_taken', 'promoCodeTaken', 'You already have a code with this text.', undefined, 'code');

export async function listPromos(db: Db, business: { id: number; timeZone: string }): Promise<PromoView[]> {
  const rows = await db.select().from(promoCodes).where(eq(promoCodes.businessId, business.id)).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows.map((row) => promoView(row, business.timeZone));
}

export async function createPromo(db: Db, business: { id: number; timeZone: string }, values: PromoValues): Promise<PromoView> {
  try {
    const [row] = await db
      .insert(promoCodes)
      .values({ businessId: business.id, ...stored(values, business.timeZone) })
      .returning();
    return promoView(row, business.timeZone);
  } catch (error) {
    if (isUniqueViolation(error, 'promo_codes_business_code_key')) throw taken();
    throw error;
  }
}

/** Replaces a code's terms (its uses so far stay). */
export async function updatePromo(db: Db, business: { id: number; timeZone: string }, id: number, values: PromoValues): Promise<PromoView> {
  try {
    const [row] = await db
      .update(promoCodes)
      .set(stored(values, business.timeZone))
      .where(and(eq(promoCodes.id, id), eq(promoCodes.businessId, business.id)))
      .returning();
    if (!row) throw notFound();
    return promoView(row, business.timeZone);
  } catch (error) {
    if (isUniqueViolation(error, 'promo_codes_business_code_key')) throw taken();
    throw error;
  }
}

export async function setPromoActive(db: Db, business: { id: number; timeZone: string }, id: number, active: boolean): Promise<PromoView> {
  const [row] = await db
    .update(promoCodes)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(promoCodes.id, id), eq(promoCodes.businessId, business.id)))
    .returning();
  if (!row) throw notFound();
  return promoView(row, business.timeZone);
}

/** Deletes a code no ride has used; a used one is kept for the rides and invoices that name it (pause it instead). */
export async function deletePromo(db: Db, businessId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.id, id), eq(promoCodes.businessId, businessId)))
      .for('update');
    if (!row) throw notFound();
    const [used] = await tx.select({ id: promoRedemptions.id }).from(promoRedemptions).where(eq(promoRedemptions.promoId, id)).limit(1);
    if (used) throw keyedError('conflict', 'promo_in_use', 'promoInUse', 'Rides have used this code: pause it instead.', undefined, 'promoId');
    await tx.delete(promoCodes).where(eq(promoCodes.id, id));
  });
}
