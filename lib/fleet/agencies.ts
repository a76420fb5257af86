import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { agencies, drivers, type AccountStatus, type Agency } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { fieldConflict, fleetNotFound } from './errors';
import type { AddAgencyInput, StatusAction } from './schemas';
import { setAccountOnline, setAccountStatus } from './accounts';
import { assertAgencyHoldsNoRide } from './open-rides';
import { countersOf, type FleetCounters } from './counters';

export type AgencyDriver = { id: number; name: string; accountStatus: AccountStatus; online: boolean };

export type AgencyView = {
  id: number;
  name: string;
  phoneCode: string;
  phone: string;
  place: string | null;
  accountStatus: AccountStatus;
  online: boolean;
  drivers: AgencyDriver[];
  createdAt: string;
};

const live = (businessId: number) => and(eq(agencies.businessId, businessId), isNull(agencies.removedAt));

async function withDrivers(db: Db, businessId: number, rows: Agency[]): Promise<AgencyView[]> {
  const ids = rows.map((r) => r.id);
  const crew = ids.length
    ? await db
        .select({ id: drivers.id, agencyId: drivers.agencyId, name: drivers.name, accountStatus: drivers.accountStatus, online: drivers.online })
        .from(drivers)
        .where(and(eq(drivers.businessId, businessId), isNull(drivers.removedAt), inArray(drivers.agencyId, ids)))
        .orderBy(asc(drivers.name))
    : [];
  return rows.map((agency) => ({
    id: agency.id,
    name: agency.name,
    phoneCode: agency.phoneCode,
    phone: agency.phone,
    place: agency.place,
    accountStatus: agency.accountStatus,
    online: agency.online,
    drivers: crew.filter((d) => d.agencyId === agency.id).map(({ agencyId: _agency, ...driver }) => driver),
    createdAt: agency.createdAt.toISOString(),
  }));
}

/** The business's travel companies with their drivers, and Total/Online/Offline counters. */
export async function listAgencies(db: Db, businessId: number): Promise<{ counters: FleetCounters; agencies: AgencyView[] }> {
  const rows = await db.select().from(agencies).where(live(businessId)).orderBy(asc(agencies.createdAt), asc(agencies.id));
  const list = await withDrivers(db, businessId, rows);
  return { counters: countersOf(list), agencies: list };
}

/** A live travel company of this business, or 404. */
export async function findAgency(db: Db, businessId: number, id: number): Promise<AgencyView> {
  const rows = await db
    .select()
    .from(agencies)
    .where(and(eq(agencies.id, id), live(businessId)))
    .limit(1);
  if (!rows.length) throw fleetNotFound('agency');
  return (await withDrivers(db, businessId, rows))[0];
}

/** Adds a pending travel company; a phone already added is a 409. */
export async function addAgency(db: Db, businessId: number, input: AddAgencyInput): Promise<AgencyView> {
  try {
    const [row] = await db
      .insert(agencies)
      .values({ businessId, name: input.name, phoneCode: input.phone.dialCode, phone: input.phone.number, place: input.place ?? null })
      .returning();
    return (await withDrivers(db, businessId, [row]))[0];
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict('phone', 'agencyPhoneTaken');
    throw error;
  }
}

/** Verify, Block or Unblock (see setAccountStatus); not Block while one of its drivers holds an open ride (409 naming it). */
export async function setAgencyStatus(db: Db, businessId: number, id: number, action: StatusAction): Promise<AgencyView> {
  if (action === 'block') await assertAgencyHoldsNoRide(db, businessId, id);
  return setAccountStatus(db, agencies, businessId, id, action, () => findAgency(db, businessId, id));
}

/** Online or offline; a Blocked company cannot go online (409). */
export function setAgencyOnline(db: Db, businessId: number, id: number, online: boolean): Promise<AgencyView> {
  return setAccountOnline(db, agencies, businessId, id, online, () => findAgency(db, businessId, id));
}

/** Soft-removes a travel company and its drivers, in one transaction. */
export async function removeAgency(db: Db, businessId: number, id: number): Promise<void> {
  await assertAgencyHoldsNoRide(db, businessId, id);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(agencies)
      .set({ removedAt: now, online: false })
      .where(and(eq(agencies.id, id), live(businessId)))
      .returning({ id: agencies.id });
    if (!row) throw fleetNotFound('agency');
    await tx
      .update(drivers)
      .set({ removedAt: now, online: false })
      .where(and(eq(drivers.businessId, businessId), eq(drivers.agencyId, id), isNull(drivers.removedAt)));
  });
}
