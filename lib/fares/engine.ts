import type { QuoteItem, RideType, TripKind, VehicleType } from '@/lib/db/schema/rides';
import type { RateCardValues } from './defaults';

export type FareInput = {
  tripKind: TripKind;
  rideType: RideType;
  /** One-way road distance and duration. */
  distanceKm: number;
  durationMin: number;
  /** Local hour (0-23) of the pickup in the business's time zone. */
  pickupHour: number;
  /** Calendar days from pickup date to return date, inclusive (1 when same day or one-way). */
  calendarDays: number;
  packageCode?: string | null;
};

export class FareError extends Error {
  constructor(readonly code: 'package_unknown') {
    super(code);
  }
}

function isNight(hour: number, start: number, end: number): boolean {
  return start > end ? hour >= start || hour < end : hour >= start && hour < end;
}

/**
 * The card a type's non-AC option prices with (docs/requirements/partner.md#fares): its per-km rates, extra-km
 * rate and package prices `bps` basis points lower; base fare, allowance, fees and tolls as with AC.
 */
export function nonAcCard(card: RateCardValues, bps: number): RateCardValues {
  const less = (minor: number) => Math.round((minor * (10_000 - bps)) / 10_000);
  return {
    ...card,
    perKm: less(card.perKm),
    outstationPerKm: less(card.outstationPerKm),
    extraKmRate: less(card.extraKmRate),
    rentalPackages: card.rentalPackages.map((p) => ({ ...p, price: less(p.price) })),
  };
}

/**
 * One vehicle's fare. Amounts in minor units, distances in whole km.
 * - local: base + perKm x max(km, minKm); return doubles the km; +night % in the night window.
 * - airport: local + airport fee.
 * - outstation: outstationPerKm x max(km, minKmPerDay x days); return bills both ways;
 *   driver allowance per day; tolls estimated per km driven.
 *   Days: one-way, one per started 12 h of driving; return, the calendar days of the trip.
 * - rental: the package price; extra km and hours are charged at completion.
 * Total = ride amount + driver allowance + tolls.
 */
export function priceRide(vehicleType: VehicleType, card: RateCardValues, input: FareInput): QuoteItem {
  const oneWayKm = Math.max(1, Math.ceil(input.distanceKm));
  const drivenKm = input.rideType === 'return' ? oneWayKm * 2 : oneWayKm;
  const breakdown: Record<string, number> = {};
  let rideAmount = 0;
  let driverBata = 0;
  let tolls = 0;
  let billedKm = drivenKm;
  let days = 1;

  if (input.tripKind === 'rental') {
    const pkg = card.rentalPackages.find((p) => p.code === input.packageCode);
    if (!pkg) throw new FareError('package_unknown');
    rideAmount = pkg.price;
    billedKm = pkg.km;
    breakdown.package = pkg.price;
    // what was bought, and what more costs, as priced now (the summary shows them)
    Object.assign(breakdown, { packageHours: pkg.hours, packageKm: pkg.km, extraKmRate: card.extraKmRate, extraHourRate: card.extraHourRate });
  } else if (input.tripKind === 'outstation') {
    days = input.rideType === 'return' ? Math.max(1, input.calendarDays) : Math.max(1, Math.ceil(input.durationMin / (12 * 60)));
    billedKm = Math.max(drivenKm, card.minKmPerDay * days);
    // the minimum billed instead of the km driven: the fare says so (lib/money/fare-lines.ts billedMinimum)
    if (billedKm > drivenKm) Object.assign(breakdown, { minKmPerDay: card.minKmPerDay, minDays: days, tripKm: drivenKm });
    rideAmount = card.outstationPerKm * billedKm;
    driverBata = card.driverBataPerDay * days;
    tolls = card.tollPerKm * drivenKm;
    breakdown.distance = rideAmount;
  } else {
    billedKm = Math.max(drivenKm, card.minKm);
    const distance = card.perKm * billedKm;
    rideAmount = card.baseFare + distance;
    breakdown.base = card.baseFare;
    breakdown.distance = distance;
    if (isNight(input.pickupHour, card.nightStartHour, card.nightEndHour)) {
      breakdown.night = Math.round((rideAmount * card.nightChargeBps) / 10_000);
      rideAmount += breakdown.night;
    }
    if (input.tripKind === 'airport') {
      breakdown.airport = card.airportFee;
      rideAmount += card.airportFee;
    }
  }
  return { vehicleType, rideAmount, driverBata, tolls, total: rideAmount + driverBata + tolls, billedKm, days, breakdown };
}
