import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db, Tx } from '@/lib/db/client';
import { airportSettings, serviceAreas, waitingRules, type AirportSetting } from '@/lib/db/schema';
import type { TripKind, VehicleType } from '@/lib/booking/vocabulary';
import { allRateCards } from '@/lib/fares/rate-cards';
import { tripContext } from '@/lib/fares/trip-rules';
import { airportsNear, type Airport } from './catalogue';
import { photoWebpOf, type WaitingRulesInput } from './schemas';
import { DEFAULT_WAITING_RULES, type WaitingRules } from './waiting';

/** An operator's meeting point at one airport. */
export type MeetingPoint = {
  airportCode: string;
  /** Language code -> text, only the languages the operator wrote. */
  texts: Record<string, string>;
  photoUrl: string | null;
  photoWebp: string | null;
  updatedAt: Date;
};

function meetingPointOf(row: AirportSetting): MeetingPoint {
  return {
    airportCode: row.airportCode,
    texts: row.meetingPoint,
    photoUrl: row.photoUrl,
    photoWebp: row.photoUrl ? photoWebpOf(row.photoUrl) : null,
    updatedAt: row.updatedAt,
  };
}

/** The operator's waiting rules (the defaults until it saves its own); `updatedAt` is null for the defaults. */
export async function waitingRulesOf(db: Db | Tx, businessId: number): Promise<WaitingRules & { updatedAt: Date | null }> {
  const [row] = await db.select().from(waitingRules).where(eq(waitingRules.businessId, businessId)).limit(1);
  if (!row) return { ...structuredClone(DEFAULT_WAITING_RULES), updatedAt: null };
  return {
    freeMinutes: { local: row.freeLocalMinutes, airport: row.freeAirportMinutes, outstation: row.freeOutstationMinutes, rental: row.freeRentalMinutes },
    blockMinutes: row.blockMinutes,
    landingBufferMinutes: row.landingBufferMinutes,
    updatedAt: row.updatedAt,
  };
}

/** Quotes read the operator's waiting rules on every request: each process keeps a copy for a few seconds (saving here drops it at once), as for the cancellation rules. */
const heldForQuotes = new LRUCache<number, WaitingRules>({ max: 10_000, ttl: 5_000 });

/** The waiting rules a quote prices with: `waitingRulesOf`, held for 5 s per operator. */
export async function quoteWaitingRules(db: Db, businessId: number): Promise<WaitingRules> {
  const hit = heldForQuotes.get(businessId);
  if (hit) return hit;
  const rules = await waitingRulesOf(db, businessId);
  heldForQuotes.set(businessId, rules);
  return rules;
}

export async function saveWaitingRules(db: Db, businessId: number, input: WaitingRulesInput): Promise<WaitingRules & { updatedAt: Date }> {
  heldForQuotes.delete(businessId);
  const values = {
    freeLocalMinutes: input.freeMinutes.local,
    freeAirportMinutes: input.freeMinutes.airport,
    freeOutstationMinutes: input.freeMinutes.outstation,
    freeRentalMinutes: input.freeMinutes.rental,
    blockMinutes: input.blockMinutes,
    landingBufferMinutes: input.landingBufferMinutes,
    updatedAt: new Date(),
  };
  await db
    .insert(waitingRules)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: waitingRules.businessId, set: values });
  heldForQuotes.delete(businessId);
  return { ...input, updatedAt: values.updatedAt };
}

/** Every meeting point the operator has set, by airport code. */
export async function meetingPoints(db: Db, businessId: number): Promise<Map<string, MeetingPoint>> {
  const rows = await db.select().from(airportSettings).where(eq(airportSettings.businessId, businessId));
  return new Map(rows.map((row) => [row.airportCode, meetingPointOf(row)]));
}

/** The operator's meeting point at one airport, undefined when not set. */
export async function meetingPointAt(db: Db, businessId: number, airportCode: string): Promise<MeetingPoint | undefined> {
  const [row] = await db
    .select()
    .from(airportSettings)
    .where(and(eq(airportSettings.businessId, businessId), eq(airportSettings.airportCode, airportCode.toUpperCase())))
    .limit(1);
  return row ? meetingPointOf(row) : undefined;
}

export async function saveMeetingPoint(
  db: Db,
  businessId: number,
  airportCode: string,
  input: { texts: Record<string, string>; photoUrl: string | null },
): Promise<MeetingPoint> {
  const values = { meetingPoint: input.texts, photoUrl: input.photoUrl, updatedAt: new Date() };
  const [row] = await db
    .insert(airportSettings)
    .values({ businessId, airportCode, ...values })
    .onConflictDoUpdate({ target: [airportSettings.businessId, airportSettings.airportCode], set: values })
    .returning();
  return meetingPointOf(row);
}

/** Clears one airport's meeting point; true when there was one. */
export async function removeMeetingPoint(db: Db, businessId: number, airportCode: string): Promise<boolean> {
  const rows = await db
    .delete(airportSettings)
    .where(and(eq(airportSettings.businessId, businessId), eq(airportSettings.airportCode, airportCode)))
    .returning({ code: airportSettings.airportCode });
  return rows.length > 0;
}

/**
 * The meeting point's text in `lang`, else in the first of `fallbacks` it has (the operator's main language,
 * English), else any; the language it is in comes with it. Undefined without a meeting point.
 */
export function meetingPointText(point: MeetingPoint | undefined, lang: string, fallbacks: readonly string[] = []): { text: string; lang: string } | undefined {
  if (!point) return undefined;
  for (const candidate of [lang, ...fallbacks]) if (point.texts[candidate]) return { text: point.texts[candidate], lang: candidate };
  const [first] = Object.entries(point.texts);
  return first ? { text: first[1], lang: first[0] } : undefined;
}

/** Airports further than this from every service city are not listed, whatever the pickup radius (km). */
const AIRPORT_REACH_KM = 150;

type Operator = { id: number };

/**
 * The airports with scheduled service inside the operator's service area: within its pickup radius of a
 * service city, and at most 150 km from one (a pickup radius of 0, "anywhere", counts as 150 km). Nearest first.
 */
export async function servedAirports(db: Db, operator: Operator): Promise<(Airport & { distanceKm: number })[]> {
  const { rules, cities } = await tripContext(db, operator.id);
  if (cities.length === 0) return [];
  const radius = rules.serviceRadiusKm > 0 ? Math.min(rules.serviceRadiusKm, AIRPORT_REACH_KM) : AIRPORT_REACH_KM;
  return airportsNear(cities, radius);
}

/** A main city's airport is at most this far from it (km); MAA is 14 km from Chennai, BLR 33 from Bengaluru. */
const MAIN_AIRPORT_KM = 60;

/**
 * The airport the booking form fills in for an airport trip: the largest
 * scheduled airport near the operator's main city (nearest first among
 * equals), as the place search names it ("Chennai International Airport (MAA)").
 */
export async function mainAirport(db: Db, businessId: number): Promise<{ code: string; name: string; lat: number; lng: number } | undefined> {
  const [main] = await db
    .select({ lat: serviceAreas.lat, lng: serviceAreas.lng })
    .from(serviceAreas)
    .where(eq(serviceAreas.businessId, businessId))
    .orderBy(desc(serviceAreas.isMain), asc(serviceAreas.sortOrder))
    .limit(1);
  if (!main) return undefined;
  const rank = { large: 0, medium: 1, small: 2 } as const;
  const [airport] = (await airportsNear([main], MAIN_AIRPORT_KM)).sort((a, b) => rank[a.size] - rank[b.size] || a.distanceKm - b.distanceKm);
  return airport ? { code: airport.code, name: `${airport.name} (${airport.code})`, lat: airport.lat, lng: airport.lng } : undefined;
}

/** What a rider is told about one airport: the meeting point, free waiting there and what waiting past it costs per vehicle type. */
export type AirportRules = {
  airport: Airport;
  meetingPoint: MeetingPoint | undefined;
  freeWaitingMinutes: number;
  blockMinutes: number;
  landingBufferMinutes: number;
  /** Offered vehicle types' charge per started block (minor units, the operator's currency). */
  waitingCharges: { vehicleType: VehicleType; perBlock: number }[];
  currency: string;
  /** The last change of any of these (null while every one is a default). */
  updatedAt: Date | null;
};

/** One airport's rules for pages and messages; undefined when the operator does not serve that airport. */
export async function airportRules(
  db: Db,
  operator: Operator & { currency: string },
  airportCode: string,
  tripKind: TripKind = 'airport',
): Promise<AirportRules | undefined> {
  const code = airportCode.trim().toUpperCase();
  const airport = (await servedAirports(db, operator)).find((a) => a.code === code);
  if (!airport) return undefined;
  const [point, waiting, cards] = await Promise.all([meetingPointAt(db, operator.id, code), waitingRulesOf(db, operator.id), allRateCards(db, operator)]);
  const offered = cards.filter((card) => card.active);
  const times = [point?.updatedAt, waiting.updatedAt, ...offered.map((card) => card.updatedAt)].filter((d): d is Date => Boolean(d));
  const { distanceKm: _distance, ...plain } = airport;
  return {
    airport: plain,
    meetingPoint: point,
    freeWaitingMinutes: waiting.freeMinutes[tripKind],
    blockMinutes: waiting.blockMinutes,
    landingBufferMinutes: waiting.landingBufferMinutes,
    waitingCharges: offered.map((card) => ({ vehicleType: card.vehicleType, perBlock: card.waitingCharge })),
    currency: operator.currency,
    updatedAt: times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null,
  };
}
