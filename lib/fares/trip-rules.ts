import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { serviceAreas, tripRules } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import type { LatLng } from '@/lib/road-distance/estimate';
import { DEFAULT_TRIP_RULES, type TripLimitIssue, type TripRuleValues } from './trip-limits';

export { tripLimitIssue, type TripLimitIssue, type TripRuleValues } from './trip-limits';

/** How long a process reuses a business's rules and service cities (ms); saving here drops the copy at once. */
const TTL_MS = 5_000;
const held = new Map<number, { rules: TripRuleValues; cities: (LatLng & { name: string })[]; expires: number }>();

export function forgetTripRules(businessId: number): void {
  held.delete(businessId);
}

export async function tripRulesOf(db: Db, businessId: number): Promise<TripRuleValues> {
  return (await tripContext(db, businessId)).rules;
}

/** The rules and the service cities a quote is checked against. */
export async function tripContext(db: Db, businessId: number): Promise<{ rules: TripRuleValues; cities: (LatLng & { name: string })[] }> {
  const hit = held.get(businessId);
  if (hit && hit.expires > Date.now()) return hit;
  const [[row], cities] = await Promise.all([
    db.select().from(tripRules).where(eq(tripRules.businessId, businessId)).limit(1),
    db.select({ name: serviceAreas.name, lat: serviceAreas.lat, lng: serviceAreas.lng }).from(serviceAreas).where(eq(serviceAreas.businessId, businessId)),
  ]);
  const rules: TripRuleValues = row
    ? {
        localMaxKm: row.localMaxKm,
        outstationMaxKm: row.outstationMaxKm,
        serviceRadiusKm: row.serviceRadiusKm,
        nowMaxKm: row.nowMaxKm,
        walletSpendBps: row.walletSpendBps,
      }
    : { ...DEFAULT_TRIP_RULES };
  if (held.size > 10_000) held.clear();
  const entry = { rules, cities, expires: Date.now() + TTL_MS };
  held.set(businessId, entry);
  return entry;
}

export async function saveTripRules(db: Db, businessId: number, values: TripRuleValues): Promise<TripRuleValues> {
  forgetTripRules(businessId);
  await db
    .insert(tripRules)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: tripRules.businessId, set: values });
  forgetTripRules(businessId);
  return values;
}

const ISSUE_TEXT: Record<TripLimitIssue['code'], (issue: TripLimitIssue) => string> = {
  outside_service_area: (i) =>
    `pickupLocation: Pickups are within ${i.limitKm} km of our service cities${'nearest' in i && i.nearest ? ` (nearest: ${i.nearest})` : ''}.`,
  local_too_far: (i) => `dropoffLocation: Local and airport trips go up to ${i.limitKm} km; this one is ${'km' in i ? i.km : '?'} km. Choose Outstation.`,
  trip_too_far: (i) => `dropoffLocation: This trip is ${'km' in i ? i.km : '?'} km; we drive up to ${i.limitKm} km.`,
  now_too_far: (i) => `pickupTime: A ${'km' in i ? i.km : '?'} km trip cannot start now; trips over ${i.limitKm} km need at least an hour's notice.`,
};

const CAMEL = (code: string) => code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The refusal of a trip past the operator's limits (400, names the field; `key` is the Validation message). */
export function tripLimitError(issue: TripLimitIssue): DomainError {
  const error = new DomainError('invalid', issue.code, ISSUE_TEXT[issue.code](issue), issue.field);
  error.key = CAMEL(issue.code);
  // the chat words the refusal itself, with the figures
  return Object.assign(error, { limit: issue });
}
