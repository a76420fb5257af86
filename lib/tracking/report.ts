import 'server-only';
import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { leads, visits, type Lead } from '@/lib/db/schema';

/** Rows in each top list of the report. */
export const TOP_LIMIT = 10;
/** Leads listed on the report (newest first). */
export const LEADS_LIMIT = 50;

type Range = { start: Date; end: Date };
export type CountRow = { label: string; views: number; visitors: number };
export type CampaignRow = { campaign: string; source: string | null; medium: string | null; visitors: number };
export type LeadRow = Pick<Lead, 'id' | 'source' | 'name' | 'email' | 'phone' | 'company' | 'lookingFor' | 'message' | 'campaign'> & { createdAt: string };

export type VisitsReport = {
  totals: { views: number; visitors: number; leads: number };
  pages: CountRow[];
  sources: CountRow[];
  campaigns: CampaignRow[];
  devices: CountRow[];
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

/** Visits, top pages, sources, campaigns, devices and leads of a business in [start, end). */
export async function visitsReport(db: Db, businessId: number, range: Range): Promise<VisitsReport> {
  const inRange = and(eq(visits.businessId, businessId), gte(visits.createdAt, range.start), lt(visits.createdAt, range.end));
  const leadsInRange = and(eq(leads.businessId, businessId), gte(leads.createdAt, range.start), lt(leads.createdAt, range.end));
  const [[totals], pages, sources, campaigns, devices, [leadCount], leadRows] = await Promise.all([
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
