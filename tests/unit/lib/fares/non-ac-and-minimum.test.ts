import { PDFParse } from 'pdf-parse';
import { callApi } from '../../api';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { bookRide } from '@/lib/rides/commands';
import { applyRideAction } from '@/lib/rides/partner';
import { issueInvoice } from '@/lib/invoice/invoices';
import { renderInvoicePdf } from '@/lib/invoice/pdf';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { accept, makeWorld, request, trip, type World } from '../trust/fixtures';

/*
 * Issue 37: a non-AC option at its own price where the operator offers one
 * (docs/requirements/partner.md#fares), and the outstation minimum said on the
 * fare where it is billed instead of the km driven
 * (docs/requirements/rider.md#choosing-a-vehicle).
 */

let db: Db;
let offers: World;
let acOnly: World;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  offers = await makeWorld(db, 'nonac');
  acOnly = await makeWorld(db, 'aconly');
}, 60_000);
afterAll(closeTestDb);

type Detail = {
  vehicle: { vehicle_type: string; ac: boolean };
  fee: {
    total_fee: number;
    ride_amount: number;
    driver_bata: number;
    minimum: { km_per_day: number; days: number; billed_km: number; trip_km: number } | null;
  };
};
type QuoteAnswer = { ride_search_id: string; ride_details: Detail[] };

async function quote(world: World, body: Record<string, unknown> = trip()): Promise<QuoteAnswer> {
  const res = await callApi(request(world, '/api/rides/quote', { body }));
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

async function saveSedan(world: World, nonAcDiscountPercent: unknown) {
  const cards = (await (await callApi(request(world, '/api/partner/rates', { cookie: world.partnerCookie }))).json()).data.cards as Record<string, unknown>[];
  const { vehicleType: _t, updatedAt: _u, ...card } = cards.find((c) => c.vehicleType === 'sedan')!;
  return callApi(request(world, '/api/partner/rates/sedan', { method: 'PUT', cookie: world.partnerCookie, body: { ...card, nonAcDiscountPercent } }));
}

/** Chennai to Vellore and back the next day: about 320 km driven, under 2 days x 250 km. */
const shortReturn = () => {
  const pickup = Date.now() + 36 * 3600_000;
  return {
    rideType: 'return',
    tripKind: 'outstation',
    pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
    dropoffLocation: { lat: 12.9165, lng: 79.1325, name: 'Vellore' },
    pickupTime: new Date(pickup).toISOString(),
    returnTime: new Date(pickup + 24 * 3600_000).toISOString(),
  };
};

describe('non-AC option', () => {
  it('is set on the rate card in the console, 1 to 50 %, and refused otherwise with the field named', async () => {
    for (const bad of [0, 60, 12.345, 'ten']) {
      const res = await saveSedan(offers, bad);
      expect(res.status).toBe(400);
      expect((await res.json()).error.field).toBe('nonAcDiscountPercent');
    }
    const saved = await saveSedan(offers, 10);
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ vehicleType: 'sedan', nonAcDiscountPercent: 10 });
  });

  it('is quoted cheaper, right after the AC fare, where the operator offers it, and absent where it does not', async () => {
    const answer = await quote(offers);
    const sedans = answer.ride_details.filter((d) => d.vehicle.vehicle_type === 'sedan');
    expect(sedans.map((d) => d.vehicle.ac)).toEqual([true, false]);
    const [ac, nonAc] = sedans;
    expect(answer.ride_details.indexOf(nonAc)).toBe(answer.ride_details.indexOf(ac) + 1);
    expect(nonAc.fee.total_fee).toBeLessThan(ac.fee.total_fee);
    // 10 % off the per-km ride amount; the driver allowance stays
    expect(Math.round(nonAc.fee.ride_amount * 100)).toBe(Math.round(ac.fee.ride_amount * 100 * 0.9));
    expect(nonAc.fee.driver_bata).toBe(ac.fee.driver_bata);
    // other types and other operators: AC only
    expect(answer.ride_details.filter((d) => !d.vehicle.ac).map((d) => d.vehicle.vehicle_type)).toEqual(['sedan']);
    expect((await quote(acOnly)).ride_details.every((d) => d.vehicle.ac)).toBe(true);
  });

  it('books the non-AC fare when asked for, and refuses a non-AC option the quote does not hold', async () => {
    const answer = await quote(offers);
    const nonAc = answer.ride_details.find((d) => d.vehicle.vehicle_type === 'sedan' && !d.vehicle.ac)!;
    const booking = { rideSearchId: answer.ride_search_id, rideVehicle: 'sedan' as const, paymentMethod: 'cash' as const, source: 'form' as const };
    const { ride } = await bookRide(db, offers.id, offers.riderId, { ...booking, rideNonAc: true, idempotencyKey: 'non-ac-0001' });
    expect(ride.totalAmount).toBe(Math.round(nonAc.fee.total_fee * 100));
    expect(ride.fareBreakdown.nonAcBps).toBe(1000);
    const plain = await quote(acOnly);
    await expect(
      bookRide(db, acOnly.id, acOnly.riderId, { ...booking, rideSearchId: plain.ride_search_id, rideNonAc: true, idempotencyKey: 'non-ac-0002' }),
    ).rejects.toMatchObject({ code: 'vehicle_unknown' });
  });
});

describe('the outstation minimum on the fare', () => {
  it('is given where the minimum is billed, and only there', async () => {
    const answer = await quote(acOnly, shortReturn());
    const sedan = answer.ride_details.find((d) => d.vehicle.vehicle_type === 'sedan')!;
    expect(sedan.fee.minimum).toMatchObject({ km_per_day: 250, days: 2, billed_km: 500 });
    expect(sedan.fee.minimum!.trip_km).toBeLessThan(500);
    // Chennai to Bengaluru one way drives more than a day's minimum
    expect((await quote(acOnly)).ride_details.every((d) => d.fee.minimum === null)).toBe(true);
  });

  it('is a line of the invoice, in the rider’s language', async () => {
    const answer = await quote(acOnly, shortReturn());
    const booked = await bookRide(db, acOnly.id, acOnly.riderId, {
      rideSearchId: answer.ride_search_id,
      rideVehicle: 'sedan',
      paymentMethod: 'cash',
      source: 'form',
      idempotencyKey: 'minimum-0001',
    });
    await accept(db, acOnly, booked.ride.id);
    await applyRideAction(db, acOnly.id, acOnly.partnerId, booked.ride.id, { action: 'start', startCode: booked.ride.startCode });
    await applyRideAction(db, acOnly.id, acOnly.partnerId, booked.ride.id, { action: 'complete', finalTolls: 0 });
    const invoice = await issueInvoice(db, acOnly.id, booked.ride.id);
    const minimum = invoice.data.billedMinimum!;
    expect(minimum).toMatchObject({ kmPerDay: 250, days: 2, billedKm: 500 });
    const text = async (lang: string) =>
      (await new PDFParse({ data: new Uint8Array(await renderInvoicePdf(invoice, { lang, tenantSlug: 'aconly' })) }).getText()).text.replace(/\s+/g, ' ');
    expect(await text('en')).toContain(`Minimum 250 km a day × 2 days = 500 km billed; your trip is ${minimum.tripKm} km`);
    expect(await text('de')).toContain(`Mindestens 250 km pro Tag × 2 Tage = 500 km berechnet; Ihre Fahrt ist ${minimum.tripKm} km lang`);
  });

  it('is not on the invoice of a ride that drove past the minimum', async () => {
    const answer = await quote(acOnly);
    const booked = await bookRide(db, acOnly.id, acOnly.riderId, {
      rideSearchId: answer.ride_search_id,
      rideVehicle: 'sedan',
      paymentMethod: 'cash',
      source: 'form',
      idempotencyKey: 'minimum-0002',
    });
    await accept(db, acOnly, booked.ride.id);
    await applyRideAction(db, acOnly.id, acOnly.partnerId, booked.ride.id, { action: 'start', startCode: booked.ride.startCode });
    await applyRideAction(db, acOnly.id, acOnly.partnerId, booked.ride.id, { action: 'complete', finalTolls: 0 });
    expect((await issueInvoice(db, acOnly.id, booked.ride.id)).data.billedMinimum).toBeNull();
  });
});
