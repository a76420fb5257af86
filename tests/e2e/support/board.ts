import { expect } from '@playwright/test';
import type { ApiClient } from './xss-api';

type Place = { lat: number; lng: number; name: string };
const CHENNAI: Place = { lat: 13.0878, lng: 80.2785, name: 'Chennai' };
const BENGALURU: Place = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };

/** Quotes a one-way outstation trip (Chennai → Bengaluru unless told) picked up at `pickupTime` and books it `times` times as the signed-in rider. */
export async function bookRides(
  rider: ApiClient,
  pickupTime: string,
  times: number,
  tag: string,
  trip: { from: Place; to: Place } = { from: CHENNAI, to: BENGALURU },
): Promise<{ id: number; startCode: string }[]> {
  const quote = await rider.post('/api/rides/quote', {
    rideType: 'oneway',
    tripKind: 'outstation',
    pickupLocation: trip.from,
    dropoffLocation: trip.to,
    pickupTime,
  });
  expect(quote.status).toBe(200);
  const rideSearchId = (quote.json.data as { ride_search_id: string }).ride_search_id;
  const made: { id: number; startCode: string }[] = [];
  for (let i = 0; i < times; i++) {
    const booked = await rider.post('/api/rides', {
      rideSearchId,
      rideVehicle: 'sedan',
      idempotencyKey: `board-${tag}-${i}-${Date.now()}`,
      paymentMethod: 'cash',
    });
    expect(booked.status).toBe(201);
    made.push((booked.json.data as { id: number; startCode: string }[])[0]);
  }
  return made;
}
