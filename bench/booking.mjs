#!/usr/bin/env node
// Quote, booking and place-search latency against the built server on PGlite, 32 concurrent clients.
// Baseline in the same run: GET /api/health on the same server (the cost of the HTTP stack alone).
// Afterwards every rider's rides are counted: no acknowledged booking may be lost or doubled.
// Usage: node bench/booking.mjs [bookings=2000] [clients=32]
import { apiClient, benchTrip, closedLoop, requireBuild, row, signInRider, startServer, summary } from './lib.mjs';
import { report } from './report.mjs';

const BOOKINGS = Number(process.argv[2] ?? 2000);
const CLIENTS = Number(process.argv[3] ?? 32);
const QUOTES = 1000;

requireBuild();
// One address books 2000 rides for 32 riders: far past the booking limits, which are off here.
const server = await startServer(3901, { RATE_LIMITS: 'off' });
const { origin } = server;

const json = apiClient(origin);
const signIn = (index) => signInRider(origin, index);
const trip = benchTrip;

try {
  // warm-up: first renders, the gazetteer load, JIT
  for (let i = 0; i < 50; i++) await json('/api/rides/quote', { method: 'POST', body: trip() });
  await json('/api/places/search?q=chen');

  const baseline = summary(await closedLoop(QUOTES, CLIENTS, () => json('/api/health')));
  const quote = summary(await closedLoop(QUOTES, CLIENTS, async () => {
    const r = await json('/api/rides/quote', { method: 'POST', body: trip() });
    if (r.status !== 200) throw new Error(`quote ${r.status}`);
  }));
  const words = ['chen', 'beng', 'mum', 'del', 'hyd', 'pune', 'koch', 'coim', 'mad', 'lon', 'dub', 'par', 'ber', 'tok', 'sao'];
  const places = summary(await closedLoop(QUOTES, CLIENTS, (i) => json(`/api/places/search?q=${words[i % words.length]}`)));

  const cookies = [];
  for (let i = 0; i < CLIENTS; i++) cookies.push(await signIn(i));
  const quoteIds = [];
  for (let i = 0; i < CLIENTS; i++) quoteIds.push((await json('/api/rides/quote', { method: 'POST', body: trip() })).json.data.ride_search_id);

  const acknowledged = new Map();
  const refused = new Map();
  const book = summary(await closedLoop(BOOKINGS, CLIENTS, async (i, client) => {
    const key = `bench-booking-${i}`;
    const body = { rideSearchId: quoteIds[client], rideVehicle: 'sedan', idempotencyKey: key };
    const r = await json('/api/rides', { method: 'POST', body, cookie: cookies[client] });
    if (r.status === 201 || r.status === 200) acknowledged.set(key, r.json.data[0].id);
    else refused.set(`${r.status} ${r.json?.error?.code ?? ''}`.trim(), (refused.get(`${r.status} ${r.json?.error?.code ?? ''}`.trim()) ?? 0) + 1);
  }));

  let stored = 0;
  const seen = new Set();
  let doubled = 0;
  for (const cookie of cookies) {
    const r = await json('/api/rides', { cookie });
    for (const ride of [...r.json.data.upcoming, ...r.json.data.past]) {
      if (seen.has(ride.id)) doubled++;
      seen.add(ride.id);
      stored++;
    }
  }
  const lost = [...acknowledged.values()].filter((id) => !seen.has(id)).length;

  console.log(`booking bench (PGlite, ${CLIENTS} concurrent clients; goals: quote p99 < 30 ms, >= 300 bookings/s)`);
  console.log(row('baseline GET /api/health', baseline));
  console.log(row('quote POST /api/rides/quote', quote, baseline));
  console.log(row('place search (HTTP)', places, baseline));
  console.log(row('book POST /api/rides', book, baseline));
  const refusedText = [...refused].map(([k, n]) => `${n} x ${k}`).join(', ') || '0';
  console.log(`  bookings acknowledged ${acknowledged.size}, refused ${refusedText}, rows stored ${stored}, lost ${lost}, doubled ${doubled}`);
  report('booking', [
    { label: 'quote p99 (HTTP, 32 clients)', value: quote.p99, unit: 'ms', baseline: baseline.p99, goal: { op: '<', value: 30 } },
    { label: 'place search p99 (HTTP, 32 clients)', value: places.p99, unit: 'ms', baseline: baseline.p99 },
    { label: 'bookings per second (32 clients)', value: book.rps, unit: '/s', baseline: baseline.rps, goal: { op: '>=', value: 300 } },
    { label: 'booking p99 (32 clients)', value: book.p99, unit: 'ms', baseline: baseline.p99 },
    { label: 'bookings lost or doubled', value: lost + doubled, unit: '', goal: { op: '==', value: 0 } },
  ]);
} finally {
  await server.stop();
}
