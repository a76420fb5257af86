import 'server-only';
import { and, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads, visits, type Lead } from '@/lib/db/schema';

/** Rows in each top list of the report. */
export const TOP_LIMIT = 10;
/** Leads listed on the report (newest first). */
export const LEADS_LIMIT = 50;
/** Known visitors listed on the report (last seen first). */
export const KNOWN_LIMIT = 50;

type Range = { start: Date; end: Date };
export type CountRow = { label: string; views: number; visitors: number };
export type CampaignRow = { campaign: string; source: string | null; medium: string | null; visitors: number };
/** A visitor whose phone or address is known (a signed-in rider): what was last recorded, their views and last visit in the range. */
export type KnownVisitorRow = { phone: string | null; address: string | null; views: number; lastSeen: string };
export type LeadRow = Pick<Lead, 'id' | 'source' | 'name' | 'email' | 'phone' | 'company' | 'lookingFor' | 'message' | 'campaign'> & { createdAt: string };

export type VisitsReport = {
  totals: { views: number; visitors: number; leads: number };
  pages: CountRow[];
  sources: CountRow[];
  campaigns: CampaignRow[];
  devices: CountRow[];
  known: KnownVisitorRow[];
  leads: LeadRow[];
};

const views = sql<number>`count(*)::int`;
const visitors = sql<number>`count(distinct ${visits.sessionId})::int`;
/** A visit's source: utm_source, else the referring host, else direct. */
const source = sql<string>`coalesce(${visits.utmSource}, substring(${visits.referrer} from '^https?://([^/:]+)'), '(direct)')`;
const path = sql<string>`split_part(${visits.pageUrl}, '?', 1)`;
const deviceType = sql<string>`coalesce(${visits.device}->>'device_type', '(unknown)')`;

async function countBy(db: Db, where: SQL | undefined, label: SQL<string>): Promise<CountRow[]> {
  return db.select({ label, views, visitors }).from(visits).where(where).groupBy(label).orderBy(desc(visitors), desc(views), label).limit(TOP_LIMIT);
}

/** The visitors with a phone or address (docs/requirements/rider.md#visitor-tracking), one row per signed-in user, last seen first. */
async function knownVisitors(db: Db, inRange: SQL | undefined): Promise<KnownVisitorRow[]> {
  const who = sql<string>`coalesce(${visits.userId}::text, ${visits.phone}, ${visits.address})`;
  // the newest visit's phone and address (array_agg ordered by time, first element)
  const latest = (column: typeof visits.phone | typeof visits.address) =>
    sql<string | null>`(array_agg(${column} order by ${visits.createdAt} desc, ${visits.id} desc) filter (where ${column} is not null))[1]`;
  const lastSeen = sql<Date>`max(${visits.createdAt})`;
  const rows = await db
    .select({ phone: latest(visits.phone), address: latest(visits.address), views, lastSeen })
    .from(visits)
    .where(and(inRange, or(isNotNull(visits.phone), isNotNull(visits.address))))
    .groupBy(who)
    .orderBy(desc(lastSeen))
    .limit(KNOWN_LIMIT);
  return rows.map(({ lastSeen: seen, ...row }) => ({ ...row, lastSeen: new Date(seen).toISOString() }));
}

/** Visits, top pages, sources, campaigns, devices, known visitors and leads of a business in [start, end). */
export async function visitsReport(db: Db, businessId: number, range: Range): Promise<VisitsReport> {
  const inRange = and(eq(visits.businessId, businessId), gte(visits.createdAt, range.start), lt(visits.createdAt, range.end));
  const leadsInRange = and(eq(leads.businessId, businessId), gte(leads.createdAt, range.start), lt(leads.createdAt, range.end));
  const [[totals], pages, sources, campaigns, devices, known, [leadCount], leadRows] = await Promise.all([
    db.select({ views, visitors }).from(visits).where(inRange),
    countBy(db, inRange, path),
    countBy(db, inRange, source),
    db
      .select({ campaign: sql<string>`${visits.utmCampaign}`, source: visits.utmSource, medium: visits.utmMedium, visitors })
      .from(visits)
      .where(and(inRange, isNotNull(visits.utmCampaign)))
      .groupBy(visits.utmCampaign, visits.utmSource, visits.utmMedium)
      .orderBy(desc(visitors), visits.utmCampaign)
      .limit(TOP_LIMIT),
    countBy(db, inRange, deviceType),
    knownVisitors(db, inRange),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(leads)
      .where(leadsInRange),
    db.select().from(leads).where(leadsInRange).orderBy(desc(leads.createdAt), desc(leads.id)).limit(LEADS_LIMIT),
  ]);
  return {
    totals: { views: totals?.views ?? 0, visitors: totals?.visitors ?? 0, leads: leadCount?.count ?? 0 },
    pages,
    sources,
    campaigns,
    devices,
    known,
    leads: leadRows.map(({ id, source: from, name, email, phone, company, lookingFor, message, campaign, createdAt }) => ({
      id,
      source: from,
      name,
      email,
      phone,
      company,
      lookingFor,
      message,
      campaign,
      createdAt: createdAt.toISOString(),
    })),
  };
}
