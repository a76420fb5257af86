/*
 * The rules of a quote request beyond its fields' shapes, without zod: the
 * server's `quoteRequestSchema` (./schemas) applies them in its refinement and
 * the booking form checks with them in the browser, so both answer with the
 * same message keys (Validation namespace). The fields' shapes are the
 * schemas of ./quote-fields, which the form fetches once it has a place.
 */

import { loadOnce } from '@/lib/ui/load-once';

/** Five minutes of slack for "now" bookings and clock drift. */
export const PAST_SLACK_MS = 5 * 60 * 1000;
/** Bookings open this far ahead. */
export const MAX_ADVANCE_DAYS = 180;

export type QuoteIssue = { path: string; message: string };

type Place = { lat: number; lng: number; name: string };

/** The request as the form builds it (the parsed shape of `quoteRequestSchema`). */
export type QuoteFields = {
  rideType: 'oneway' | 'return';
  tripKind: string;
  packageDetails?: string | null;
  pickupLocation?: Place | null;
  dropoffLocation?: Place | null;
  pickupTime?: string | null;
  returnTime?: string | null;
};

/** The cross-field rules, in the order the schema reports them. */
export function quoteRuleIssues(v: QuoteFields, now = Date.now()): QuoteIssue[] {
  const issues: QuoteIssue[] = [];
  const issue = (path: string, message: string) => issues.push({ path, message });
  if (!v.pickupLocation) issue('pickupLocation', 'pickupRequired');
  if (v.tripKind !== 'rental' && !v.dropoffLocation) issue('dropoffLocation', 'dropoffRequired');
  if (!v.pickupTime) issue('pickupTime', 'pickupTimeRequired');
  if (v.tripKind === 'rental') {
    if (!v.packageDetails) issue('packageDetails', 'packageRequired');
    if (v.rideType === 'return') issue('rideType', 'rentalOneWay');
  }
  if (v.rideType === 'return' && !v.returnTime) issue('returnTime', 'returnRequired');
  if (v.pickupTime) {
    const pickup = Date.parse(v.pickupTime);
    if (pickup < now - PAST_SLACK_MS) issue('pickupTime', 'pickupInPast');
    if (pickup > now + MAX_ADVANCE_DAYS * 86_400_000) issue('pickupTime', 'pickupTooFar');
    if (v.rideType === 'return' && v.returnTime && Date.parse(v.returnTime) <= pickup) issue('returnTime', 'returnBeforePickup');
  }
  return issues;
}

let fields: typeof import('./quote-fields') | undefined;
/** Fetches the place and time schemas (zod/mini) once (again after a failed fetch); the booking form's first place starts it. */
export const loadQuoteFields = loadOnce(async (): Promise<void> => {
  fields = await import('./quote-fields');
});

/**
 * The booking form's check of the request it built: the fields' shapes (places
 * and instants the form itself produced, so a failure here is 'placeRequired'
 * or 'timeInvalid'), then the rules, as `quoteRequestSchema.safeParse` reports them.
 * The shapes are checked once ./quote-fields has arrived (the server checks them
 * again in any case); the first place fetches it.
 */
export function quoteRequestIssues(v: QuoteFields, now = Date.now()): QuoteIssue[] {
  if (!fields) {
    if (v.pickupLocation || v.dropoffLocation) void loadQuoteFields().catch(() => {});
    return quoteRuleIssues(v, now);
  }
  const { placeSchema, isoTimeSchema } = fields;
  const shape: QuoteIssue[] = [];
  for (const key of ['pickupLocation', 'dropoffLocation'] as const) {
    const place = v[key];
    if (place && !placeSchema.safeParse(place).success) shape.push({ path: key, message: 'placeRequired' });
  }
  for (const key of ['pickupTime', 'returnTime'] as const) {
    const time = v[key];
    if (time && !isoTimeSchema.safeParse(time).success) shape.push({ path: key, message: 'timeInvalid' });
  }
  return shape.length ? shape : quoteRuleIssues(v, now);
}
