import { LRUCache } from 'lru-cache';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, serviceAreas, tripRules } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import type { LatLng } from '@/lib/road-distance/estimate';
import { DEFAULT_TRIP_RULES, type TripLimitIssue, type TripRuleValues } from './trip-limits';
import { servedCountries, type TripReachIssue } from './trip-reach';

export { tripLimitIssue, type TripRuleValues } from './trip-limits';
export { tripReachIssue } from './trip-reach';

/** What a trip is checked against: the operator's limits, its service cities and the countries it drives in. */
export type TripContext = { rules: TripRuleValues; cities: (LatLng & { name: string })[]; served: Set<string> };

/** How long a process reuses a business's rules and service cities (ms); saving here drops the copy at once. */
const TTL_MS = 5_000;
const held = new LRUCache<number, TripContext>({ max: 10_000, ttl: TTL_MS });

export function forgetTripRules(businessId: number): void {
  held.delete(businessId);
}

export async function tripRulesOf(db: Db, businessId: number): Promise<TripRuleValues> {
  return (await tripContext(db, businessId)).rules;
}

/** The rules, the service cities and the served countries a quote is checked against. */
export async function tripContext(db: Db, businessId: number): Promise<TripContext> {
  const hit = held.get(businessId);
  if (hit) return hit;
  const [[row], cities, [market]] = await Promise.all([
    db.select().from(tripRules).where(eq(tripRules.businessId, businessId)).limit(1),
    db.select({ name: serviceAreas.name, lat: serviceAreas.lat, lng: serviceAreas.lng }).from(serviceAreas).where(eq(serviceAreas.businessId, businessId)),
    db.select({ countryCode: businesses.countryCode }).from(businesses).where(eq(businesses.id, businessId)).limit(1),
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
  const entry = { rules, cities, served: servedCountries(market?.countryCode ?? '', cities) };
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

type TripIssue = TripLimitIssue | TripReachIssue;

const ISSUE_TEXT: { [C in TripIssue['code']]: (issue: Extract<TripIssue, { code: C }>) => string } = {
  outside_service_area: (i) => `pickupLocation: Pickups are within ${i.limitKm} km of our service cities${i.nearest ? ` (nearest: ${i.nearest})` : ''}.`,
  local_too_far: (i) => `dropoffLocation: Local and airport trips go up to ${i.limitKm} km; this one is ${i.km} km. Choose Outstation.`,
  trip_too_far: (i) => `dropoffLocation: This trip is ${i.km} km; we drive up to ${i.limitKm} km.`,
  now_too_far: (i) => `pickupTime: A ${i.km} km trip cannot start now; trips over ${i.limitKm} km need at least an hour's notice.`,
  other_country: (i) => `${i.field}: ${i.place} is in a country we do not drive in.`,
  no_road: (i) => `${i.field}: No road reaches ${i.place} from the pickup: it is across the sea.`,
};

const CAMEL = (code: string) => code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The refusal of a trip past the operator's limits or out of its reach (400, names the field; `key` is the Validation message). */
export function tripLimitError(issue: TripIssue): DomainError {
  const text = (ISSUE_TEXT[issue.code] as (i: TripIssue) => string)(issue);
  const error = new DomainError('invalid', issue.code, text, issue.field);
  error.key = CAMEL(issue.code);
  if ('place' in issue) error.values = { place: issue.place };
  // the chat words the refusal itself, with the figures
  return Object.assign(error, { limit: issue });
}
