import 'server-only';
import type { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { and, desc, eq } from 'drizzle-orm';
import { rides, visits, type UserRole } from '@/lib/db/schema';
import { badRequest } from '@/lib/errors/domain-error';
import { isCountryCode } from '@/lib/i18n/markets';
import { recordEvent } from './events';
import { parseDevice } from './device';
import { adMetricsSchema, campaignOf, storedPageUrl, USER_AGENT_MAX, visitSchema } from './schemas';

/** The signed-in user behind a visit, if any (a session's fields). */
type VisitorSession = { userId: number; role: UserRole; phone: string | null; phoneCode: string | null };
type Visitor = { businessId: number; session?: VisitorSession; host: string | null; userAgent: string | null };

/** Another site's page the visitor came from, as origin and path; links within the site are not referrers. */
function externalReferrer(referrer: string | undefined, host: string | null): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (host && url.host === host.toLowerCase()) return null;
    return `${url.origin}${url.pathname}`.slice(0, 500);
  } catch {
    return null;
  }
}

function countryOf(pagePath: string, given: string | undefined): string | null {
  if (given) return given;
  const first = pagePath.split('/')[1]?.toLowerCase() ?? '';
  return isCountryCode(first) ? first : null;
}

/** Longest stored visitor address, in characters. */
const ADDRESS_MAX = 300;

/** A session's phone as E.164 ("+919840012345"), or null. */
function phoneOf(session: VisitorSession | undefined): string | null {
  return session?.phone ? `+${session.phoneCode ?? ''}${session.phone}` : null;
}

/**
 * What is known of a signed-in rider (docs/requirements/rider.md#visitor-tracking): their phone and the pickup
 * address of the ride they booked last; nothing for visitors without a session and for console or driver logins.
 */
async function knownRider(db: Db, businessId: number, session: VisitorSession | undefined): Promise<{ phone: string | null; address: string | null }> {
  if (!session || session.role !== 'travelsx-user') return { phone: null, address: null };
  const [last] = await db
    .select({ pickup: rides.pickup })
    .from(rides)
    .where(and(eq(rides.businessId, businessId), eq(rides.riderId, session.userId)))
    .orderBy(desc(rides.createdAt), desc(rides.id))
    .limit(1);
  return { phone: phoneOf(session), address: last?.pickup.name.slice(0, ADDRESS_MAX) || null };
}

/**
 * Stores one page view (docs/requirements/rider.md#visitor-tracking): ids from the
 * tenant and session, device details parsed from the user agent (body or
 * header, capped at 500 characters), UTM and fbclid from the landing URL, a signed-in rider's phone and last pickup address.
 */
export async function recordVisit(db: Db, visitor: Visitor, input: z.infer<typeof visitSchema>): Promise<{ id: number }> {
  const pageUrl = storedPageUrl(input.page_url);
  if (!pageUrl) throw badRequest('page_url: Send the page address (http or https).', 'page_url');
  const userAgent = (input.user_agent ?? visitor.userAgent ?? '').slice(0, USER_AGENT_MAX) || null;
  const campaign = campaignOf(input.landing_url ?? input.page_url);
  const known = await knownRider(db, visitor.businessId, visitor.session);
  const [row] = await db
    .insert(visits)
    .values({
      businessId: visitor.businessId,
      sessionId: input.session_id,
      pageUrl,
      userId: visitor.session?.userId ?? null,
      userType: visitor.session?.role ?? null,
      countryCode: countryOf(pageUrl, input.country_code),
      place: input.place ?? null,
      ...known,
      userAgent,
      device: parseDevice(userAgent ?? undefined),
      ...campaign,
      referrer: externalReferrer(input.referrer, visitor.host),
    })
    .returning({ id: visits.id });
  return row;
}

/** Stores the ad metrics record (docs/requirements/rider.md#visitor-tracking) as an `ad_metrics` event of the business. */
export async function recordAdMetrics(db: Db, visitor: Visitor, input: z.infer<typeof adMetricsSchema>): Promise<void> {
  const { fbclid, utm_source, utm_medium, utm_campaign } = input.ad_metrics;
  const phone = phoneOf(visitor.session);
  await recordEvent(db, {
    businessId: visitor.businessId,
    userId: visitor.session?.userId ?? null,
    name: 'ad_metrics',
    data: {
      user_type: visitor.session?.role ?? null,
      country_code: input.country_code ?? null,
      contact_number: phone,
      ad_metrics: { fbclid: fbclid ?? null, utm_source: utm_source ?? null, utm_medium: utm_medium ?? null, utm_campaign: utm_campaign ?? null },
      create_ux_time: input.create_ux_time ?? Math.floor(Date.now() / 1000),
    },
  });
}
