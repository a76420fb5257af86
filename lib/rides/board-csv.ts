import { localIsoTime, type DayRange } from '@/lib/partner/dates';
import type { PartnerRide } from './board-rows';

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
