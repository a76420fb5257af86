import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rideFlights, rides, users, vehicles, type OfferStatus, type Ride, type RideFlight } from '@/lib/db/schema';
import { jsonRowReader } from '@/lib/db/json-row';
import { flightView, type FlightView } from '@/lib/flights/actions';
import { rideFields } from './queries';
import { dispatchView } from './partner';
import type { Tried } from './offers';
import type { SortValue } from './board-filters';

/** A booked ride without a driver whose pickup is this close is highlighted. */
export const UNASSIGNED_SOON_MS = 60 * 60 * 1000;

/** A ride as the console's board shows it: the rider's name and phone, the driver and vehicle, no start code. */
export type PartnerRide = ReturnType<typeof rideFields> & {
  customerName: string;
  phone: string;
  driverName: string | null;
  vehicleNumber: string | null;
  startCodeLocked: boolean;
  /** Booked, no driver, and the pickup within the next hour (or overdue by less than an hour). */
  needsDriverSoon: boolean;
  /** The airport ride's flight: its state, landing, whether the pickup moved with it or it is flagged. */
  flight: FlightView | null;
  /** Automatic dispatch: offering now, or given up ("Needs a driver"), with the drivers tried and how each answered. */
  offers: { state: 'offering' | 'needs_driver' | null; tried: { name: string; status: OfferStatus }[] };
} & ReturnType<typeof dispatchView>;

type Row = {
  ride: Ride;
  name: string | null;
  phoneCode: string | null;
  phone: string | null;
  driverName: string | null;
  vehicleNumber: string | null;
  flight: RideFlight | null;
};

function offersState(ride: Ride, tried: Tried[]): PartnerRide['offers'] {
  if (ride.status !== 'booked') return { state: null, tried: [] };
  const state = ride.needsDriverAt ? 'needs_driver' : tried.some((t) => t.status === 'pending') ? 'offering' : null;
  return { state, tried: tried.map(({ name, status }) => ({ name, status })) };
}

/** A row as the board shows it, with the drivers its automatic dispatch tried. */
export function partnerRide({ ride, name, phoneCode, phone, driverName, vehicleNumber, flight }: Row, now: Date, tried: Tried[] = []): PartnerRide {
  const untilPickup = ride.pickupTime.getTime() - now.getTime();
  // Object.assign onto rideFields' literal: one hidden class for every row (see rideFields)
  return Object.assign(
    rideFields(ride),
    {
      customerName: name ?? '',
      phone: phone ? `+${phoneCode} ${phone}` : '',
      driverName,
      vehicleNumber,
      startCodeLocked: ride.startCodeAttempts >= 5,
      needsDriverSoon:
        ride.status === 'booked' &&
        ride.driverId === null &&
        (ride.needsDriverAt !== null || (untilPickup < UNASSIGNED_SOON_MS && untilPickup >= -UNASSIGNED_SOON_MS)),
      offers: offersState(ride, tried),
      flight: flight ? flightView(flight, ride.pickupTime) : null,
    },
    dispatchView(ride),
  );
}

const readRide = jsonRowReader(rides);
const readFlight = jsonRowReader(rideFlights);

/** Booked rides of a page: the only ones with offers to show. */
export const bookedIds = (rows: Row[]) => rows.filter((r) => r.ride.status === 'booked').map((r) => r.ride.id);

type RowJson = {
  ride: Record<string, unknown>;
  name: string | null;
  phoneCode: string | null;
  phone: string | null;
  driverName: string | null;
  vehicleNumber: string | null;
  flight: Record<string, unknown> | null;
  sort?: SortValue;
};

/**
 * The board's rows with the rider's name and phone and the driver's and vehicle's names, each row one JSON
 * value (lib/db/json-row.ts: a third of the cost of fifty-odd fields per row on PGlite).
 */
export function selectRows(db: Db, businessId: number, sortColumn?: SQL) {
  // With a sort column, each row also carries its value as the database computed it (the next cursor's value).
  const sortField = sortColumn ? sql`, 'sort', ${sortColumn}` : sql``;
  return db
    .select({
      json: sql<RowJson>`json_build_object('ride', to_json(${rides}), 'name', ${users.name}, 'phoneCode', ${users.phoneCode}, 'phone', ${users.phone}, 'driverName', ${drivers.name}, 'vehicleNumber', ${vehicles.number}, 'flight', to_json(${rideFlights})${sortField})`,
    })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.riderId))
    .leftJoin(rideFlights, eq(rideFlights.rideId, rides.id))
    .leftJoin(drivers, and(eq(drivers.id, rides.driverId), eq(drivers.businessId, businessId)))
    .leftJoin(vehicles, and(eq(vehicles.id, rides.vehicleId), eq(vehicles.businessId, businessId)));
}

/** A selected row as partnerRide reads it. */
export function rowOf({ json }: { json: RowJson }): Row & { sort?: SortValue } {
  return {
    ride: readRide(json.ride),
    name: json.name,
    phoneCode: json.phoneCode,
    phone: json.phone,
    driverName: json.driverName,
    vehicleNumber: json.vehicleNumber,
    flight: json.flight ? readFlight(json.flight) : null,
    sort: json.sort,
  };
}
