import 'server-only';
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rideOffers, rides, vehicles, type Place } from '@/lib/db/schema';
import { dispatchSettingsOf } from './settings';
import type { FleetState } from './fleet-states';

/*
 * The console's live map: every verified driver with their state and last
 * position, and the pickups of open rides. State, most telling first: on
 * trip, on the way (an accepted ride they set off for, or whose pickup is
 * within the share lead), offered (an offer
 * waiting for their answer), free (online), offline.
 */

/** An online driver whose position is older than this is flagged stale. */
export const STALE_POSITION_SECONDS = 120;
/** Open rides whose pickup lies in this window around now are drawn (hours before, hours after). */
const RIDES_BEFORE_HOURS = 6;
const RIDES_AFTER_HOURS = 24;
const MAX_RIDES = 500;

export type FleetDriver = {
  id: number;
  name: string;
  state: FleetState;
  lat: number | null;
  lng: number | null;
  at: string | null;
  /** The ride behind the state (on trip, on the way, offered), by its number. */
  rideId: number | null;
  vehicle: string | null;
};

export type FleetRide = {
  id: number;
  status: 'booked' | 'accepted' | 'ontrip';
  pickup: Place;
  pickupTime: string;
  needsDriver: boolean;
  driverId: number | null;
};

export type FleetSnapshot = { drivers: FleetDriver[]; rides: FleetRide[]; staleAfterSeconds: number };

/** Only one travel company's drivers (the Travels menu's Track), and the open rides they hold. */
export type FleetFilter = { agencyId?: number };

const RANK: Record<FleetState, number> = { ontrip: 0, ontheway: 1, offered: 2, free: 3, offline: 4 };

export async function fleetSnapshot(db: Db, businessId: number, now = new Date(), filter: FleetFilter = {}): Promise<FleetSnapshot> {
  // an accepted ride puts its driver on the way once they set off, or from the share lead before pickup (what the rider sees)
  const { shareLeadMinutes } = await dispatchSettingsOf(db, businessId);
  const shareFrom = new Date(now.getTime() + shareLeadMinutes * 60_000);
  const [driverRows, live, offers, open] = await Promise.all([
    db
      .select({
        id: drivers.id,
        name: drivers.name,
        lastName: drivers.lastName,
        online: drivers.online,
        lat: drivers.lat,
        lng: drivers.lng,
        at: drivers.locatedAt,
        vehicle: vehicles.number,
      })
      .from(drivers)
      .leftJoin(vehicles, and(eq(vehicles.id, drivers.vehicleId), eq(vehicles.businessId, businessId)))
      .where(
        and(
          eq(drivers.businessId, businessId),
          isNull(drivers.removedAt),
          eq(drivers.accountStatus, 'Verified'),
          filter.agencyId === undefined ? undefined : eq(drivers.agencyId, filter.agencyId),
        ),
      ),
    db
      .select({ driverId: rides.driverId, number: rides.number, status: rides.status, setOffAt: rides.setOffAt })
      .from(rides)
      .where(
        and(
          eq(rides.businessId, businessId),
          or(eq(rides.status, 'ontrip'), and(eq(rides.status, 'accepted'), or(isNotNull(rides.setOffAt), lte(rides.pickupTime, shareFrom)))),
        ),
      ),
    db
      .select({ driverId: rideOffers.driverId, number: rides.number })
      .from(rideOffers)
      .innerJoin(rides, eq(rides.id, rideOffers.rideId))
      .where(and(eq(rideOffers.businessId, businessId), eq(rideOffers.status, 'pending'))),
    db
      .select({
        id: rides.number,
        status: rides.status,
        pickup: rides.pickup,
        pickupTime: rides.pickupTime,
        needsDriverAt: rides.needsDriverAt,
        driverId: rides.driverId,
      })
      .from(rides)
      .where(
        and(
          eq(rides.businessId, businessId),
          inArray(rides.status, ['booked', 'accepted', 'ontrip']),
          gte(rides.pickupTime, new Date(now.getTime() - RIDES_BEFORE_HOURS * 3_600_000)),
          lt(rides.pickupTime, new Date(now.getTime() + RIDES_AFTER_HOURS * 3_600_000)),
        ),
      )
      .orderBy(rides.pickupTime)
      .limit(MAX_RIDES),
  ]);
  const onTrip = new Map(live.filter((r) => r.status === 'ontrip').map((r) => [r.driverId, r.number]));
  const onTheWay = new Map(live.filter((r) => r.status === 'accepted').map((r) => [r.driverId, r.number]));
  const offered = new Map(offers.map((o) => [o.driverId, o.number]));
  const list: FleetDriver[] = driverRows.map((d) => {
    const [state, rideId]: [FleetState, number | null] = onTrip.has(d.id)
      ? ['ontrip', onTrip.get(d.id)!]
      : onTheWay.has(d.id)
        ? ['ontheway', onTheWay.get(d.id)!]
        : offered.has(d.id)
          ? ['offered', offered.get(d.id)!]
          : [d.online ? 'free' : 'offline', null];
    return {
      id: d.id,
      name: [d.name, d.lastName].filter(Boolean).join(' '),
      state,
      lat: d.lat,
      lng: d.lng,
      at: d.at?.toISOString() ?? null,
      rideId,
      vehicle: d.vehicle,
    };
  });
  list.sort((a, b) => RANK[a.state] - RANK[b.state] || a.name.localeCompare(b.name));
  const shown = new Set(list.map((d) => d.id));
  // a travel company's view draws only the rides its drivers hold
  const openRides = filter.agencyId === undefined ? open : open.filter((r) => r.driverId !== null && shown.has(r.driverId));
  return {
    drivers: list,
    rides: openRides.map((r) => ({
      id: r.id,
      status: r.status as FleetRide['status'],
      pickup: r.pickup,
      pickupTime: r.pickupTime.toISOString(),
      needsDriver: r.status === 'booked' && r.needsDriverAt !== null,
      driverId: r.driverId,
    })),
    staleAfterSeconds: STALE_POSITION_SECONDS,
  };
}
