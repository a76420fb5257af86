import { LRUCache } from 'lru-cache';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rateCards, VEHICLE_TYPES, type RateCard } from '@/lib/db/schema';
import { defaultRateCard, type RateCardValues } from './defaults';
import { clusterTopic } from '@/lib/cluster/bus';

/** How long a process prices from its copy of a business's active cards (ms); a change made here drops the copy at once. */
const ACTIVE_CARDS_TTL_MS = 5_000;
const activeCards = new LRUCache<number, RateCard[]>({ max: 10_000, ttl: ACTIVE_CARDS_TTL_MS });

/** Drops the copy of a business's cards here and, by a notice, on every other instance of the deployment. */
const forgetActiveCards = clusterTopic<number>(
  'rate-cards',
  (businessId) => {
    activeCards.delete(businessId);
  },
  { resync: () => activeCards.clear() },
);

/** Inserts the default card for every vehicle type the business lacks. */
export async function seedRateCards(db: Db, businessId: number, currency: string): Promise<void> {
  void forgetActiveCards(businessId);
  await db
    .insert(rateCards)
    .values(VEHICLE_TYPES.map((vehicleType) => ({ businessId, vehicleType, ...defaultRateCard(vehicleType, currency) })))
    .onConflictDoNothing();
}

/** The business's active rate cards, in the order of VEHICLE_TYPES. */
export async function activeRateCards(db: Db, business: { id: number; currency: string }): Promise<RateCard[]> {
  const held = activeCards.get(business.id);
  if (held) return held;
  const cards = await readActiveRateCards(db, business);
  activeCards.set(business.id, cards);
  return cards;
}

async function readActiveRateCards(db: Db, business: { id: number; currency: string }): Promise<RateCard[]> {
  let cards = await db.select().from(rateCards).where(eq(rateCards.businessId, business.id)).orderBy(asc(rateCards.id));
  if (cards.length < VEHICLE_TYPES.length) {
    await seedRateCards(db, business.id, business.currency);
    cards = await db.select().from(rateCards).where(eq(rateCards.businessId, business.id)).orderBy(asc(rateCards.id));
  }
  return VEHICLE_TYPES.map((type) => cards.find((c) => c.vehicleType === type)).filter((c): c is RateCard => Boolean(c?.active));
}

/** Every rate card of the business, active or not, in the order of VEHICLE_TYPES (seeding missing ones). */
export async function allRateCards(db: Db, business: { id: number; currency: string }): Promise<RateCard[]> {
  let cards = await db.select().from(rateCards).where(eq(rateCards.businessId, business.id));
  if (cards.length < VEHICLE_TYPES.length) {
    await seedRateCards(db, business.id, business.currency);
    cards = await db.select().from(rateCards).where(eq(rateCards.businessId, business.id));
  }
  return VEHICLE_TYPES.map((type) => cards.find((c) => c.vehicleType === type)).filter((c): c is RateCard => Boolean(c));
}

/** Replaces one card's fares (minor units); quotes made after this read them at once. */
export async function updateRateCard(
  db: Db,
  businessId: number,
  vehicleType: RateCard['vehicleType'],
  values: RateCardValues & { active: boolean; nonAcDiscountBps: number | null },
): Promise<RateCard | undefined> {
  activeCards.delete(businessId);
  const [card] = await db
    .update(rateCards)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(rateCards.businessId, businessId), eq(rateCards.vehicleType, vehicleType)))
    .returning();
  void forgetActiveCards(businessId);
  return card;
}
