import { z } from 'zod';

/*
 * Visitor tracking and ad metrics records (docs/requirements/rider.md#visitor-tracking), shared by the beacon,
 * the route handlers and the tests. Ids, user type and business come from the
 * request's tenant and session, never from the body; unknown keys are dropped.
 */

/** Largest tracking body, in bytes. */
export const TRACKING_MAX_BYTES = 8 * 1024;
/** The stored user-agent string is capped at this many characters (docs/requirements/rider.md#visitor-tracking). */
export const USER_AGENT_MAX = 500;
export const URL_MAX = 2048;

/** Query parameters kept from a page or landing URL; anything else (tokens, e-mails) is dropped. */
export const KEPT_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'fbclid', 'gclid'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);

/** POST /api/tracking/visit: one page view. */
export const visitSchema = z.object({
  session_id: z.string({ error: 'session_id is required.' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'session_id must be 8 to 64 letters, digits, "-" or "_".'),
  page_url: z.string({ error: 'page_url is required.' }).trim().min(1, 'page_url is required.').max(URL_MAX, `page_url has at most ${URL_MAX} characters.`),
  /** The first URL of the session: its UTM parameters and fbclid name the campaign. */
  landing_url: optionalText(URL_MAX),
  referrer: optionalText(URL_MAX),
  /** Capped, not refused: at most 500 characters are stored. */
  user_agent: z
    .string()
    .optional()
    .transform((v) => v?.slice(0, USER_AGENT_MAX) || undefined),
  country_code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'country_code is two letters.')
    .optional(),
  place: optionalText(120),
});

const adParam = optionalText(200);

/** POST /api/tracking/ad-metrics: the campaign a visitor arrived from. */
export const adMetricsSchema = z.object({
  ad_metrics: z
    .object({ fbclid: adParam, utm_source: adParam, utm_medium: adParam, utm_campaign: adParam }, { error: 'ad_metrics is required.' })
    .refine((m) => Boolean(m.fbclid || m.utm_source || m.utm_medium || m.utm_campaign), 'ad_metrics needs fbclid or a utm parameter.'),
  country_code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'country_code is two letters.')
    .optional(),
  /** Epoch seconds on the client (spec); the server keeps its own time too. */
  create_ux_time: z.number().int().nonnegative().optional(),
});

export type Campaign = { utmSource: string | null; utmMedium: string | null; utmCampaign: string | null; fbclid: string | null };

/** The UTM parameters and fbclid of a URL (absolute or a path). */
export function campaignOf(url: string | undefined): Campaign {
  const empty: Campaign = { utmSource: null, utmMedium: null, utmCampaign: null, fbclid: null };
  if (!url) return empty;
  try {
    const params = new URL(url, 'http://placeholder.invalid').searchParams;
    const get = (name: string) => params.get(name)?.trim().slice(0, 200) || null;
    return { utmSource: get('utm_source'), utmMedium: get('utm_medium'), utmCampaign: get('utm_campaign'), fbclid: get('fbclid') };
  } catch {
    return empty;
  }
}

/** A page URL as stored: path plus the kept query parameters; undefined when it is not a web URL or path. */
export function storedPageUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://placeholder.invalid');
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = parsed.searchParams.get(name);
    if (value) kept.set(name, value.slice(0, 200));
  }
  const query = kept.toString();
  return `${parsed.pathname}${query ? `?${query}` : ''}`.slice(0, URL_MAX);
}
