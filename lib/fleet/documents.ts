import 'server-only';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, vehicles, type Driver, type Vehicle } from '@/lib/db/schema';
import { keyedError } from '@/lib/errors/domain-error';
import { DRIVER_DOCUMENTS, VEHICLE_DOCUMENTS, type DocumentKind, type DriverDocumentsInput, type VehicleDocumentsInput } from './document-schemas';

/*
 * A driver's licence and a vehicle's permit, insurance and fitness
 * certificate: a number and an expiry date each. A document past its expiry
 * date (in the operator's time zone) keeps its driver or vehicle from offers
 * and assignment; one that is missing does not.
 */

/** How far ahead the console lists documents that expire. */
export const EXPIRY_NOTICE_DAYS = 30;

export type DocumentView = { kind: DocumentKind; number: string | null; expiresOn: string | null };
export type ExpiredDocument = { kind: DocumentKind; expiresOn: string };

type DriverPapers = Pick<Driver, 'licenceNumber' | 'licenceExpiresOn'>;
type VehiclePapers = Pick<Vehicle, 'permitNumber' | 'permitExpiresOn' | 'insuranceNumber' | 'insuranceExpiresOn' | 'fitnessNumber' | 'fitnessExpiresOn'>;

const read = (row: Record<string, unknown>, kind: DocumentKind): DocumentView => ({
  kind,
  number: (row[`${kind}Number`] as string | null) ?? null,
  expiresOn: (row[`${kind}ExpiresOn`] as string | null) ?? null,
});

export const driverDocuments = (row: DriverPapers): DocumentView[] => DRIVER_DOCUMENTS.map((kind) => read(row, kind));
export const vehicleDocuments = (row: VehiclePapers): DocumentView[] => VEHICLE_DOCUMENTS.map((kind) => read(row, kind));

/** The documents of a list that expired before `today` ("2026-05-03", the operator's date). */
export function expired(documents: DocumentView[], today: string): ExpiredDocument[] {
  return documents
    .filter((d): d is ExpiredDocument & DocumentView => d.expiresOn !== null && d.expiresOn < today)
    .map(({ kind, expiresOn }) => ({ kind, expiresOn }));
}

/** Refuses a driver whose licence has expired (409 naming the driver, the document and the date). */
export function assertDriverPapers(name: string, row: DriverPapers, today: string): void {
  const [first] = expired(driverDocuments(row), today);
  if (first)
    throw keyedError(
      'conflict',
      'driver_document_expired',
      'driverDocumentExpired',
      `${name}'s ${first.kind} expired on ${first.expiresOn}. Update it on the Drivers page or choose another driver.`,
      { name, document: first.kind, date: first.expiresOn },
      'driverId',
    );
}

/** Refuses a vehicle whose permit, insurance or fitness certificate has expired. */
export function assertVehiclePapers(name: string, row: VehiclePapers, today: string): void {
  const [first] = expired(vehicleDocuments(row), today);
  if (first)
    throw keyedError(
      'conflict',
      'vehicle_document_expired',
      'vehicleDocumentExpired',
      `${name}'s ${first.kind} expired on ${first.expiresOn}. Update it on the Vehicles page or choose another vehicle.`,
      { name, document: first.kind, date: first.expiresOn },
      'vehicleId',
    );
}

const pick = <K extends string>(kinds: readonly K[], input: Partial<Record<K, { number: string | null; expiresOn: string | null }>>) =>
  Object.fromEntries(
    kinds.flatMap((kind) => {
      const value = input[kind];
      return value
        ? [
            [`${kind}Number`, value.number],
            [`${kind}ExpiresOn`, value.expiresOn],
          ]
        : [];
    }),
  );

/** Saves the documents named in the input (others keep their values); false when no such live driver. */
export async function saveDriverDocuments(db: Db, businessId: number, id: number, input: DriverDocumentsInput): Promise<boolean> {
  const updated = await db
    .update(drivers)
    .set(pick(DRIVER_DOCUMENTS, input))
    .where(and(eq(drivers.id, id), eq(drivers.businessId, businessId), isNull(drivers.removedAt)))
    .returning({ id: drivers.id });
  return updated.length > 0;
}

export async function saveVehicleDocuments(db: Db, businessId: number, id: number, input: VehicleDocumentsInput): Promise<boolean> {
  const updated = await db
    .update(vehicles)
    .set(pick(VEHICLE_DOCUMENTS, input))
    .where(and(eq(vehicles.id, id), eq(vehicles.businessId, businessId), isNull(vehicles.removedAt)))
    .returning({ id: vehicles.id });
  return updated.length > 0;
}

export type ExpiringDocument = {
  holder: 'driver' | 'vehicle';
  id: number;
  name: string;
  kind: DocumentKind;
  number: string | null;
  expiresOn: string;
  expired: boolean;
};

/** Documents of live drivers and vehicles that have expired by `today` or expire by `horizon` (operator's dates), soonest first. */
export async function expiringDocuments(db: Db, businessId: number, today: string, horizon: string): Promise<ExpiringDocument[]> {
  const driverRows = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.businessId, businessId), isNull(drivers.removedAt), lte(drivers.licenceExpiresOn, horizon)))
    .orderBy(asc(drivers.id));
  const vehicleRows = await db
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.businessId, businessId),
        isNull(vehicles.removedAt),
        or(lte(vehicles.permitExpiresOn, horizon), lte(vehicles.insuranceExpiresOn, horizon), lte(vehicles.fitnessExpiresOn, horizon)),
      ),
    )
    .orderBy(asc(vehicles.id));
  const due = (d: DocumentView): d is DocumentView & { expiresOn: string } => d.expiresOn !== null && d.expiresOn <= horizon;
  const list: ExpiringDocument[] = [
    ...driverRows.flatMap((row) =>
      driverDocuments(row)
        .filter(due)
        .map((d) => ({ holder: 'driver' as const, id: row.id, name: [row.name, row.lastName].filter(Boolean).join(' '), ...d, expired: d.expiresOn < today })),
    ),
    ...vehicleRows.flatMap((row) =>
      vehicleDocuments(row)
        .filter(due)
        .map((d) => ({ holder: 'vehicle' as const, id: row.id, name: row.number, ...d, expired: d.expiresOn < today })),
    ),
  ];
  return list.sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.name.localeCompare(b.name));
}
