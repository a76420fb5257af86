import type { RateCard, TripKind, VehicleType } from '@/lib/db/schema/rides';
import { priceRide } from '@/lib/fares/engine';
import { CITY_SPEED_KMH, HIGHWAY_SPEED_KMH } from '@/lib/road-distance';

/** Typical trip lengths (km) a place page prices when it has no route of its own. */
export const TYPICAL_TRIP_KM = { local: 10, airport: 20 } as const;
/** Fares shown are daytime fares (no night charge): a 10 AM pickup. */
export const DAYTIME_PICKUP_HOUR = 10;

export type FareRow = { vehicleType: VehicleType; rideAmount: number; driverBata: number; tolls: number; total: number };

export type FareTable = {
  tripKind: TripKind;
  distanceM: number;
  durationS: number;
  rows: FareRow[];
  /** Rental tables: the package priced. */
  rentalPackage?: { code: string; hours: number; km: number };
  /** Outstation tables: the route priced. */
  route?: { fromName: string; toName: string };
};

type Card = Pick<RateCard, 'vehicleType'> & Parameters<typeof priceRide>[1];

function typicalDurationS(km: number): number {
  return Math.round((km / (km < 25 ? CITY_SPEED_KMH : HIGHWAY_SPEED_KMH)) * 3600);
}

function rows(cards: readonly Card[], tripKind: TripKind, distanceM: number, durationS: number, packageCode?: string): FareRow[] {
  return cards
    .filter((card) => tripKind !== 'rental' || card.rentalPackages.some((p) => p.code === packageCode))
    .map((card) => {
      const item = priceRide(card.vehicleType, card, {
        tripKind,
        rideType: 'oneway',
        distanceKm: distanceM / 1000,
        durationMin: durationS / 60,
        pickupHour: DAYTIME_PICKUP_HOUR,
        calendarDays: 1,
        packageCode,
      });
      return { vehicleType: item.vehicleType, rideAmount: item.rideAmount, driverBata: item.driverBata, tolls: item.tolls, total: item.total };
    });
}

/** A typical local or airport trip priced on every active card. */
export function typicalTripTable(cards: readonly Card[], tripKind: 'local' | 'airport'): FareTable {
  const km = TYPICAL_TRIP_KM[tripKind];
  const durationS = typicalDurationS(km);
  return { tripKind, distanceM: km * 1000, durationS, rows: rows(cards, tripKind, km * 1000, durationS) };
}

/** A one-way outstation trip over a route's own estimate, priced on every active card. */
export function routeFareTable(
  cards: readonly Card[],
  route: { distanceM: number; durationS: number; from: { name: string }; to: { name: string } },
): FareTable {
  return {
    tripKind: 'outstation',
    distanceM: route.distanceM,
    durationS: route.durationS,
    route: { fromName: route.from.name, toName: route.to.name },
    rows: rows(cards, 'outstation', route.distanceM, route.durationS),
  };
}

/** One table per rental package (packages of the first card that offers any). */
export function rentalFareTables(cards: readonly Card[]): FareTable[] {
  const packages = cards.find((card) => card.rentalPackages.length)?.rentalPackages ?? [];
  return packages.map(({ code, hours, km }) => ({
    tripKind: 'rental' as const,
    distanceM: km * 1000,
    durationS: hours * 3600,
    rentalPackage: { code, hours, km },
    rows: rows(cards, 'rental', km * 1000, hours * 3600, code),
  }));
}

/** The lowest total of a table (the "from" fare), or undefined when no vehicle is priced. */
export function lowestTotal(table: FareTable): number | undefined {
  return table.rows.length ? Math.min(...table.rows.map((row) => row.total)) : undefined;
}

export type FareBlock = 'local' | 'airport' | 'outstation' | 'rental';

/** The fare tables of a page: typical local and airport trips, the nearest route, or the rental packages. */
export function fareTables(
  cards: readonly Card[],
  blocks: readonly FareBlock[],
  nearestRoute?: { distanceM: number; durationS: number; from: { name: string }; to: { name: string } },
): FareTable[] {
  return blocks.flatMap((block) => {
    if (block === 'rental') return rentalFareTables(cards);
    if (block === 'outstation') return nearestRoute ? [routeFareTable(cards, nearestRoute)] : [];
    return [typicalTripTable(cards, block)];
  });
}
