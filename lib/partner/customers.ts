import 'server-only';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { agencies, drivers, users, type UserRole } from '@/lib/db/schema';
import { COUNTRIES } from '@/lib/i18n/markets';
import type { CustomersQuery, CustomerType } from './schemas';

const ROLES: Record<CustomerType, readonly UserRole[]> = {
  user: ['travelsx-user'],
  driver: ['travelsx-driver'],
  partner: ['travelsx-partner', 'deliverx-partner'],
};

/** A row of the customer list (docs/requirements/partner.md#customers): status Inactive once the account is deleted. */
export type CustomerRow = {
  id: number;
  name: string | null;
  company: string | null;
  phone: string | null;
  email: string | null;
  /** ISO region of the phone's country code, e.g. IN. */
  country: string | null;
  status: 'Active' | 'Inactive';
  createdAt: string;
};

export type CustomerPage = { items: CustomerRow[]; total: number; page: number; size: number };

const REGION_BY_PHONE_CODE = new Map<string, string>(Object.values(COUNTRIES).map((c) => [c.phoneCode, c.region]));

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const text = `%${likeEscape(q)}%`;
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(users.name, text),
    ilike(users.email, text),
    digits.length >= 3 ? sql`coalesce(${users.phoneCode}, '') || coalesce(${users.phone}, '') like ${`%${digits}%`}` : undefined,
  );
}

/** Driver user id -> the name of the travel agency the driver works for. */
async function driverAgencies(db: Db, businessId: number, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: drivers.userId, agency: agencies.name })
    .from(drivers)
    .innerJoin(agencies, eq(agencies.id, drivers.agencyId))
    .where(and(eq(drivers.businessId, businessId), inArray(drivers.userId, userIds)))
    .orderBy(asc(drivers.id));
  return new Map(rows.map((r) => [r.userId, r.agency]));
}

/**
 * The business's people of one type (users, drivers or partners), searched by
 * name, phone or e-mail, newest or oldest first, one page at a time. Company:
 * a driver's travel agency, else the business for drivers and partners.
 */
export async function listCustomers(db: Db, business: { id: number; name: string }, query: CustomersQuery): Promise<CustomerPage> {
  const where = and(eq(users.businessId, business.id), inArray(users.role, [...ROLES[query.type]]), searchFilter(query.q));
  const order = query.sort === 'newest' ? [desc(users.createdAt), desc(users.id)] : [asc(users.createdAt), asc(users.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phoneCode: users.phoneCode,
        phone: users.phone,
        createdAt: users.createdAt,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset(query.page * query.size),
    db
      .select({ total: sql<string>`count(*)` })
      .from(users)
      .where(where),
  ]);
  const agencyOf =
    query.type === 'driver'
      ? await driverAgencies(
          db,
          business.id,
          rows.map((r) => r.id),
        )
      : new Map<number, string>();
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      company: query.type === 'user' ? null : (agencyOf.get(r.id) ?? business.name),
      phone: r.phone && r.phoneCode ? `+${r.phoneCode} ${r.phone}` : r.phone,
      email: r.email,
      country: (r.phoneCode && REGION_BY_PHONE_CODE.get(r.phoneCode)) || null,
      status: r.deletedAt ? 'Inactive' : 'Active',
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total),
    page: query.page,
    size: query.size,
  };
}
