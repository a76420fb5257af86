import 'server-only';
import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rideFlights, rides, users, vehicles, type OfferStatus, type Ride, type RideFlight, type RideStatus } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { validationText } from '@/lib/errors/validation-text';
import { CUSTOM_DATE_MIN, daysBetween, isCalendarDate, localIsoTime, rangeInstants, type DayRange } from '@/lib/partner/dates';
import { localDate } from '@/lib/time/zoned';
import { jsonRowReader } from '@/lib/db/json-row';
import { flightView, type FlightView } from '@/lib/flights/actions';
import { rideFields } from './queries';
import { dispatchView } from './partner';
import { offersOfRides, type Tried } from './offers';
import type { BoardQuery, BoardSort } from './partner-schemas';

/** The longest range the board, its counts and the CSV export read: one year (a leap year's 366 days). */
export const BOARD_MAX_DAYS = 366;
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

export type BoardCounts = Record<'all' | RideStatus, number>;

export type Board = {
  rides: PartnerRide[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  counts: BoardCounts;
  /** Rides of the range that are booked without a driver and picked up within the hour. */
  unassignedSoon: number;
  range: DayRange & { timeZone: string };
};

function rangeError(field: 'from' | 'to' | 'cursor', key: string): DomainError {
  const error = new DomainError('invalid', 'bad_request', `${field}: ${validationText(key)}`, field);
  error.key = key;
  return error;
}

/**
 * The board's local dates (Today in the operator's zone by default; one date
 * alone is a one-day range) and their [start, end) instants. A reversed range
 * or one longer than a year is refused naming `to`.
 */
export function boardRange(query: Pick<BoardQuery, 'from' | 'to'>, timeZone: string, now = new Date()): DayRange & { start: Date; end: Date } {
  const today = localDate(now, timeZone);
  const from = query.from ?? query.to ?? today;
  const to = query.to ?? query.from ?? today;
  if (!isCalendarDate(from)) throw rangeError('from', 'dateInvalid');
  if (!isCalendarDate(to)) throw rangeError('to', 'dateInvalid');
  if (from < CUSTOM_DATE_MIN) throw rangeError('from', 'dateTooEarly');
  if (to < from) throw rangeError('to', 'rangeReversed');
  if (daysBetween(from, to) + 1 > BOARD_MAX_DAYS) throw rangeError('to', 'rangeTooLong');
  return { from, to, ...rangeInstants({ from, to }, timeZone) };
}

/** The value a sort other than pickup orders by, for the row (what the cursor carries). */
type SortValue = number | string;

/** The SQL each sort orders by: the customer's name without case (no name sorts first), status in its lifecycle order. */
const SORT_COLUMNS: Record<Exclude<BoardSort, 'pickup'>, SQL> = {
  number: sql`${rides.number}`,
  customer: sql`lower(coalesce(${users.name}, ''))`,
  status: sql`(case ${rides.status} when 'booked' then 0 when 'accepted' then 1 when 'ontrip' then 2 when 'completed' then 3 else 4 end)`,
  fare: sql`${rides.totalAmount}`,
};

/**
 * A cursor is the last row's pickup instant and number (and, for another
 * sort, that sort's name and the row's value), base64url: opaque to the
 * browser, exact for the keyset.
 */
export function encodeCursor(ride: { pickupTime: Date | string; number: number }, after?: { sort: BoardSort; value: SortValue }): string {
  const at = typeof ride.pickupTime === 'string' ? ride.pickupTime : ride.pickupTime.toISOString();
  const tail = after ? `|${after.sort}|${after.value}` : '';
  return Buffer.from(`${at}|${ride.number}${tail}`, 'utf8').toString('base64url');
}

/** The cursor's position; one written for another sort than `sort` (a page of an older order) is refused naming `cursor`. */
export function decodeCursor(cursor: string, sort: BoardSort = 'pickup'): { at: Date; number: number; value?: SortValue } {
  const [at, number, cursorSort, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const when = new Date(at ?? '');
  const n = Number(number);
  if (!at || Number.isNaN(when.getTime()) || !Number.isSafeInteger(n) || n <= 0) throw rangeError('cursor', 'cursorInvalid');
  if (sort === 'pickup') {
    if (cursorSort !== undefined) throw rangeError('cursor', 'cursorInvalid');
    return { at: when, number: n };
  }
  if (cursorSort !== sort) throw rangeError('cursor', 'cursorInvalid');
  const text = rest.join('|');
  if (sort === 'customer') return { at: when, number: n, value: text };
  const value = Number(text);
  if (text === '' || !Number.isSafeInteger(value)) throw rangeError('cursor', 'cursorInvalid');
  return { at: when, number: n, value };
}

/**
 * Counts per status and the number of soon-unassigned rides, for the rides whose pickup lies in [start, end).
 * Two statements so that the first, over every ride of the range, reads only the (business, status, pickup)
 * index once the table is vacuumed (lib/db/maintenance.ts); the second reads the few booked rides of the two
 * hours around now, whose driver is in the row.
 */
async function boardCounts(db: Db, businessId: number, range: { start: Date; end: Date }, now: Date): Promise<{ counts: BoardCounts; unassignedSoon: number }> {
  const soon = new Date(Math.min(now.getTime() + UNASSIGNED_SOON_MS, range.end.getTime()));
  const late = new Date(Math.max(now.getTime() - UNASSIGNED_SOON_MS, range.start.getTime()));
  const [perStatus, [unassigned]] = await Promise.all([
    db
      .select({ status: rides.status, count: sql<string>`count(*)` })
      .from(rides)
      .where(and(eq(rides.businessId, businessId), gte(rides.pickupTime, range.start), lt(rides.pickupTime, range.end)))
      .groupBy(rides.status),
    db
      .select({ count: sql<string>`count(*)` })
      .from(rides)
      .where(
        and(eq(rides.businessId, businessId), eq(rides.status, 'booked'), isNull(rides.driverId), gte(rides.pickupTime, late), lt(rides.pickupTime, soon)),
      ),
  ]);
  const counts: BoardCounts = { all: 0, booked: 0, accepted: 0, ontrip: 0, completed: 0, cancelled: 0 };
  for (const { status, count } of perStatus) {
    counts[status] = Number(count);
    counts.all += Number(count);
  }
  return { counts, unassignedSoon: late < soon ? Number(unassigned?.count ?? 0) : 0 };
}

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

function partnerRide({ ride, name, phoneCode, phone, driverName, vehicleNumber, flight }: Row, now: Date, tried: Tried[] = []): PartnerRide {
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
const bookedIds = (rows: Row[]) => rows.filter((r) => r.ride.status === 'booked').map((r) => r.ride.id);

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
function selectRows(db: Db, businessId: number, sortColumn?: SQL) {
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
function rowOf({ json }: { json: RowJson }): Row & { sort?: SortValue } {
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

/**
 * The board: the operator's rides whose pickup falls on the range's local
 * dates, in pickup order (then ride number) or by the column `sort` names
 * (ties in pickup order), one page after the cursor, with
 * the count per status for the whole range. A search by number (`q`) finds
 * that ride whatever its date.
 */
export async function partnerBoard(db: Db, business: { id: number; timeZone: string }, query: BoardQuery, now = new Date()): Promise<Board> {
  const range = boardRange(query, business.timeZone, now);
  const countsPromise = boardCounts(db, business.id, range, now);
  if (query.q) {
    const rows = (
      await selectRows(db, business.id)
        .where(and(eq(rides.businessId, business.id), eq(rides.number, Number(query.q))))
        .limit(1)
    ).map(rowOf);
    const { counts, unassignedSoon } = await countsPromise;
    const tried = await offersOfRides(db, bookedIds(rows));
    const found = rows.map((r) => partnerRide(r, now, tried.get(r.ride.id))).filter((r) => query.status === 'all' || r.status === query.status);
    return { rides: found, nextCursor: null, counts, unassignedSoon, range: { from: range.from, to: range.to, timeZone: business.timeZone } };
  }
  const descending = query.order === 'desc';
  const conditions: (SQL | undefined)[] = [
    eq(rides.businessId, business.id),
    gte(rides.pickupTime, range.start),
    lt(rides.pickupTime, range.end),
    query.status === 'all' ? undefined : eq(rides.status, query.status),
  ];
  const sort = query.sort ?? 'pickup';
  const column = sort === 'pickup' ? undefined : SORT_COLUMNS[sort];
  let order: SQL[];
  if (!column) {
    if (query.cursor) {
      const after = decodeCursor(query.cursor);
      conditions.push(
        descending
          ? sql`(${rides.pickupTime}, ${rides.number}) < (${after.at}, ${after.number})`
          : sql`(${rides.pickupTime}, ${rides.number}) > (${after.at}, ${after.number})`,
      );
    }
    order = descending ? [desc(rides.pickupTime), desc(rides.number)] : [asc(rides.pickupTime), asc(rides.number)];
  } else {
    // The column in the chosen direction, ties in pickup order (then number), which the keyset follows.
    if (query.cursor) {
      const after = decodeCursor(query.cursor, sort);
      const beyond = descending ? sql`${column} < ${after.value}` : sql`${column} > ${after.value}`;
      conditions.push(sql`(${beyond} or (${column} = ${after.value} and (${rides.pickupTime}, ${rides.number}) > (${after.at}, ${after.number})))`);
    }
    order = [descending ? sql`${column} desc` : sql`${column} asc`, asc(rides.pickupTime), asc(rides.number)];
  }
  const [selected, { counts, unassignedSoon }] = await Promise.all([
    selectRows(db, business.id, column)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit + 1),
    countsPromise,
  ]);
  const rows = selected.map(rowOf);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const tried = await offersOfRides(db, bookedIds(page));
  return {
    rides: page.map((r) => partnerRide(r, now, tried.get(r.ride.id))),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.ride, last.sort === undefined ? undefined : { sort, value: last.sort }) : null,
    counts,
    unassignedSoon,
    range: { from: range.from, to: range.to, timeZone: business.timeZone },
  };
}

/** Every ride of the range (all pages) with the status filter, for the CSV export. */
export async function boardRidesForExport(
  db: Db,
  business: { id: number; timeZone: string },
  query: Pick<BoardQuery, 'from' | 'to' | 'status'>,
  now = new Date(),
) {
  const range = boardRange(query, business.timeZone, now);
  const rows = await selectRows(db, business.id)
    .where(
      and(
        eq(rides.businessId, business.id),
        gte(rides.pickupTime, range.start),
        lt(rides.pickupTime, range.end),
        query.status === 'all' ? undefined : eq(rides.status, query.status),
      ),
    )
    .orderBy(asc(rides.pickupTime), asc(rides.number));
  return { rides: rows.map((r) => partnerRide(rowOf(r), now)), range: { from: range.from, to: range.to } };
}

const CSV_COLUMNS = [
  'ride_id',
  'status',
  'ride_type',
  'trip_type',
  'vehicle_type',
  'pickup_time',
  'pickup',
  'dropoff',
  'customer',
  'phone',
  'driver',
  'vehicle',
  'currency',
  'ride_amount',
  'driver_bata',
  'tolls',
  'total',
  'payment',
] as const;

/** One CSV cell: a leading =, +, - or @ would run as a formula in a spreadsheet, so such text gets a leading apostrophe. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A phone as plain text a spreadsheet keeps as it is: "(+91) 98765 43210".
 * Written "+91 ..." it would start like a formula and need the guard's
 * apostrophe; the bracketed country code reads the same to a person.
 */
export function csvPhone(phone: string): string {
  const match = /^\+(\d{1,4}) (.+)$/.exec(phone);
  return match ? `(+${match[1]}) ${match[2]}` : phone;
}

/** "2026-11-27 04:12": a pickup as the operator's wall clock. */
function localWallClock(iso: string, timeZone: string): string {
  return localIsoTime(new Date(iso), timeZone).slice(0, 16).replace('T', ' ');
}

/**
 * The rides as CSV (amounts in major units). The pickup column names the
 * operator's time zone and holds its wall-clock time; the file's first line
 * is the header.
 */
export function ridesCsv(list: PartnerRide[], timeZone: string): string {
  const major = (minor: number) => (minor / 100).toFixed(2);
  const header = CSV_COLUMNS.map((c) => (c === 'pickup_time' ? `pickup_time (${timeZone})` : c));
  const lines = list.map((r) =>
    [
      r.id,
      r.status,
      r.rideType,
      r.tripKind,
      r.vehicleType,
      localWallClock(r.pickupTime, timeZone),
      r.pickup.name,
      r.dropoff?.name ?? '',
      r.customerName,
      csvPhone(r.phone),
      r.driverName,
      r.vehicleNumber,
      r.currency,
      major(r.rideAmount),
      major(r.driverBata),
      major(r.tolls),
      major(r.totalAmount),
      r.paymentMethod,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n';
}

/** The export's file name: the range and the status it applied, e.g. rides-2026-11-01-to-2026-11-27-all-statuses.csv. */
export function exportFileName(range: DayRange, status: string): string {
  return `rides-${range.from}-to-${range.to}-${status === 'all' ? 'all-statuses' : status}.csv`;
}
