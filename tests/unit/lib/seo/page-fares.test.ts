import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rateCards, tripRules } from '@/lib/db/schema';
import { createQuote } from '@/lib/fares/quote';
import { forgetTripRules } from '@/lib/fares/trip-rules';
import { updateRateCard } from '@/lib/fares/rate-cards';
import { zonedDate, zonedIso } from '@/lib/fares/time';
import { loadPlaceIndex } from '@/lib/places/place-index';
import { operatorCatalogue } from '@/lib/seo/catalogue/operator-catalogue';
import { airportModel, localityModel, transferModel, type PlaceRef } from '@/lib/seo/catalogue/page-models';
import { routeModel } from '@/lib/seo/catalogue/place-models';
import type { FareLine, TripFares } from '@/lib/seo/catalogue/trip-fares';
import { createBusiness } from '@/lib/tenancy/commands';
import { DEMO_CITIES } from '@/lib/tenancy/demo';
import { closeTestDb, openTestDb } from '../../db';

/*
 * Every fare an airport, transfer, locality or route page shows equals what POST /api/rides/quote answers
 * for the same places, kind and hour (both call lib/fares/quote.ts), vehicle by vehicle and item by item.
 */

let db: Db;
let demo: Awaited<ReturnType<typeof createBusiness>>;

beforeAll(async () => {
  db = await openTestDb();
  demo = await createBusiness(db, { slug: 'demo', name: 'Meridian Cabs', countryCode: 'in', phone: '9876543210', cities: DEMO_CITIES });
  await loadPlaceIndex();
}, 180_000);
afterAll(closeTestDb);

const placeOf = (ref: PlaceRef) => ({ name: ref.code ? `${ref.name} (${ref.code})` : ref.name, lat: ref.lat, lng: ref.lng });

/** The quote for the page's trip at a local hour tomorrow, as the booking form would ask it. */
async function quoteLines(from: PlaceRef, to: PlaceRef, tripKind: TripFares['tripKind'], hour: string): Promise<FareLine[]> {
  const pickupTime = zonedIso(zonedDate(demo.timeZone, 1), hour, demo.timeZone)!;
  const quote = await createQuote(db, demo, { rideType: 'oneway', tripKind, pickupLocation: placeOf(from), dropoffLocation: placeOf(to), pickupTime });
  return quote.items.map((item) => ({
    vehicleType: item.vehicleType,
    fare: item.rideAmount - (item.breakdown.airport ?? 0),
    airportFee: item.breakdown.airport ?? 0,
    tolls: item.tolls,
    driverAllowance: item.driverBata,
    total: item.total,
  }));
}

async function expectQuoted(fares: TripFares, from: PlaceRef, to: PlaceRef) {
  expect(fares.day.length).toBeGreaterThan(0);
  expect(fares.day).toEqual(await quoteLines(from, to, fares.tripKind, '10:00'));
  if (fares.night) expect(fares.night).toEqual(await quoteLines(from, to, fares.tripKind, `${String(fares.nightHours!.start).padStart(2, '0')}:00`));
}

describe('page fares equal the quote', () => {
  it('MAA and T Nagar, both ways, day and night, airport fee itemised', async () => {
    const catalogue = await operatorCatalogue(db, demo.id);
    const maa = catalogue.airports.find((a) => a.code === 'MAA')!;
    const model = (await transferModel(
      db,
      demo,
      catalogue,
      maa,
      maa.destinations.find((d) => d.slug === 't-nagar')!,
    ))!;
    expect(model.there.tripKind).toBe('airport');
    expect(model.there.night).toBeDefined();
    expect(model.there.day.every((line) => line.airportFee > 0)).toBe(true);
    await expectQuoted(model.there, model.airport, model.destination);
    await expectQuoted(model.back, model.destination, model.airport);
  });

  it('MAA and Pondicherry: past the local limit, an outstation trip with allowance and tolls', async () => {
    const catalogue = await operatorCatalogue(db, demo.id);
    const maa = catalogue.airports.find((a) => a.code === 'MAA')!;
    const model = (await transferModel(
      db,
      demo,
      catalogue,
      maa,
      maa.destinations.find((d) => d.slug === 'pondicherry')!,
    ))!;
    expect(model.there.tripKind).toBe('outstation');
    expect(model.there.day.every((line) => line.driverAllowance > 0 && line.tolls > 0)).toBe(true);
    await expectQuoted(model.there, model.airport, model.destination);
  });

  it('the MAA airport page: pickups to and drops from the centre, and every transfer’s lowest fare', async () => {
    const catalogue = await operatorCatalogue(db, demo.id);
    const model = (await airportModel(
      db,
      demo,
      catalogue,
      catalogue.airports.find((a) => a.code === 'MAA')!,
    ))!;
    await expectQuoted(model.pickup, model.airport, model.city);
    await expectQuoted(model.drop, model.city, model.airport);
    for (const trip of model.destinations.slice(0, 4)) {
      const lines = await quoteLines(model.airport, trip.place, trip.tripKind, '10:00');
      expect(trip.fromTotal).toBe(Math.min(...lines.map((line) => line.total)));
    }
  });

  it('a locality page: to its airport and the city centre', async () => {
    const catalogue = await operatorCatalogue(db, demo.id);
    const velachery = catalogue.localities.get('chennai')!.find((l) => l.slug === 'velachery')!;
    const model = (await localityModel(db, demo, catalogue, 'chennai', velachery))!;
    expect(model.targets.map((t) => t.role).slice(0, 2)).toEqual(['airport', 'centre']);
    for (const target of model.targets) await expectQuoted(target.fares, model.locality, target.place);
  });

  it('a route page, one way', async () => {
    const catalogue = await operatorCatalogue(db, demo.id);
    const model = (await routeModel(db, demo, catalogue, 'chennai', 'bangalore'))!;
    await expectQuoted(model.oneWay, model.from, model.to);
    expect(model.onTheWay.length).toBeGreaterThan(0);
  });

  it('follow the rate cards and the limits at once: a new airport fee, a lower local limit', async () => {
    const catalogue = await operatorCatalogue(db, demo.id);
    const maa = catalogue.airports.find((a) => a.code === 'MAA')!;
    const tnagar = maa.destinations.find((d) => d.slug === 't-nagar')!;
    const [sedan] = await db.select().from(rateCards).where(eq(rateCards.businessId, demo.id));
    await updateRateCard(db, demo.id, sedan.vehicleType, { ...sedan, airportFee: sedan.airportFee + 5000 });
    const model = (await transferModel(db, demo, catalogue, maa, tnagar))!;
    expect(model.there.day.find((line) => line.vehicleType === sedan.vehicleType)!.airportFee).toBe(sedan.airportFee + 5000);
    await expectQuoted(model.there, model.airport, model.destination);

    await db.insert(tripRules).values({ businessId: demo.id, localMaxKm: 5, outstationMaxKm: 2500, serviceRadiusKm: 150, nowMaxKm: 600, walletSpendBps: 2000 });
    forgetTripRules(demo.id);
    const limited = await operatorCatalogue(db, demo.id);
    expect(limited.localities.get('chennai')!.every((l) => l.roadKm <= 5)).toBe(true);
    const maaNow = limited.airports.find((a) => a.code === 'MAA')!;
    expect(maaNow.destinations.some((d) => d.slug === 't-nagar')).toBe(false);
    const pondy = (await transferModel(
      db,
      demo,
      limited,
      maaNow,
      maaNow.destinations.find((d) => d.slug === 'pondicherry')!,
    ))!;
    await expectQuoted(pondy.there, pondy.airport, pondy.destination);
  });
});
