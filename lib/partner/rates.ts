import 'server-only';
import type { Db } from '@/lib/db/client';
import type { RateCard, VehicleType } from '@/lib/db/schema';
import { DomainError, notFound } from '@/lib/errors/domain-error';
import { allRateCards, updateRateCard } from '@/lib/fares/rate-cards';
import type { RateCardValues } from '@/lib/fares/defaults';
import { packageCode, type RateCardInput } from './rate-schema';
import { toMinor } from '@/lib/money/minor';

const toMajor = (minor: number) => minor / 100;

/** A rate card as the console shows and edits it: major units, night charge and non-AC discount in percent. */
export type RateCardView = RateCardInput & { vehicleType: VehicleType; updatedAt: string };

export function rateCardView(card: RateCard): RateCardView {
  return {
    vehicleType: card.vehicleType,
    active: card.active,
    baseFare: toMajor(card.baseFare),
    perKm: toMajor(card.perKm),
    minKm: card.minKm,
    outstationPerKm: toMajor(card.outstationPerKm),
    minKmPerDay: card.minKmPerDay,
    driverBataPerDay: toMajor(card.driverBataPerDay),
    nightChargePercent: card.nightChargeBps / 100,
    nightStartHour: card.nightStartHour,
    nightEndHour: card.nightEndHour,
    airportFee: toMajor(card.airportFee),
    tollPerKm: toMajor(card.tollPerKm),
    rentalPackages: card.rentalPackages.map((p) => ({ hours: p.hours, km: p.km, price: toMajor(p.price) })),
    extraKmRate: toMajor(card.extraKmRate),
    extraHourRate: toMajor(card.extraHourRate),
    waitingCharge: toMajor(card.waitingCharge),
    nonAcDiscountPercent: card.nonAcDiscountBps == null ? null : card.nonAcDiscountBps / 100,
    updatedAt: card.updatedAt.toISOString(),
  };
}

/** Console input -> the stored card (minor units, basis points, package codes). */
export function rateCardValues(input: RateCardInput): RateCardValues & { active: boolean; nonAcDiscountBps: number | null } {
  return {
    active: input.active,
    baseFare: toMinor(input.baseFare),
    perKm: toMinor(input.perKm),
    minKm: input.minKm,
    outstationPerKm: toMinor(input.outstationPerKm),
    minKmPerDay: input.minKmPerDay,
    driverBataPerDay: toMinor(input.driverBataPerDay),
    nightChargeBps: Math.round(input.nightChargePercent * 100),
    nightStartHour: input.nightStartHour,
    nightEndHour: input.nightEndHour,
    airportFee: toMinor(input.airportFee),
    tollPerKm: toMinor(input.tollPerKm),
    rentalPackages: [...input.rentalPackages]
      .sort((a, b) => a.hours - b.hours || a.km - b.km)
      .map((p) => ({ code: packageCode(p), hours: p.hours, km: p.km, price: toMinor(p.price) })),
    extraKmRate: toMinor(input.extraKmRate),
    extraHourRate: toMinor(input.extraHourRate),
    waitingCharge: toMinor(input.waitingCharge),
    nonAcDiscountBps: input.nonAcDiscountPercent == null ? null : Math.round(input.nonAcDiscountPercent * 100),
  };
}

export async function listRates(db: Db, business: { id: number; currency: string }): Promise<RateCardView[]> {
  return (await allRateCards(db, business)).map(rateCardView);
}

/**
 * Saves one vehicle type's fares. New quotes price with them at once; booked
 * rides keep the amounts they copied. At least one type stays offered.
 */
export async function saveRates(db: Db, business: { id: number; currency: string }, vehicleType: VehicleType, input: RateCardInput): Promise<RateCardView> {
  const cards = await allRateCards(db, business);
  if (!cards.some((c) => c.vehicleType === vehicleType)) throw notFound('This vehicle type has no rate card.');
  if (!input.active && !cards.some((c) => c.active && c.vehicleType !== vehicleType)) {
    throw new DomainError('conflict', 'last_active', 'active: Keep at least one vehicle type offered to riders.', 'active');
  }
  const card = await updateRateCard(db, business.id, vehicleType, rateCardValues(input));
  if (!card) throw notFound('This vehicle type has no rate card.');
  return rateCardView(card);
}
