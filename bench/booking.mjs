#!/usr/bin/env node
// Quote, booking and place-search latency against the built server on PGlite, 32 concurrent clients.
// Baseline in the same run: GET /api/health on the same server (the cost of the HTTP stack alone).
// Afterwards every rider's rides are counted: no acknowledged booking may be lost or doubled.
// Usage: node bench/booking.mjs [bookings=2000] [clients=32]
import { closedLoop, requireBuild, row, startServer, summary } from './lib.mjs';

const BOOKINGS = Number(process.argv[2] ?? 2000);
const CLIENTS = Number(process.argv[3] ?? 32);
const QUOTES = 1000;

requireBuild();
// One address books 2000 rides for 32 riders: far past the booking limits, which are off here.
const server = await startServer(3901, { RATE_LIMITS: 'off' });
const { origin } = server;

async function json(path, { method = 'GET', body, cookie, ip } = {}) {
  const res = await fetch(origin + path, {
    method,
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Signs a rider in by code (read from the dev outbox) and returns the session cookie. */
async function signIn(index) {
  const phoneNumber = `98${String(index).padStart(8, '0')}`;
  const ip = `10.9.${Math.floor(index / 250)}.${index % 250}`;
  const identity = { userType: 'travelsx-user', countryCode: '91', phoneNumber };
  await json('/api/auth/otp/send', { method: 'POST', body: identity, ip });
  const outbox = await json(`/api/dev/outbox?to=${encodeURIComponent(`+91${phoneNumber}`)}`);
  const otp = /\b(\d{4})\b/.exec(outbox.json.data[0].body)[1];
  const res = await fetch(`${origin}/api/auth/otp/verify`, { method: 'POST', headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip }, body: JSON.stringify({ ...identity, otp, feature: 'booking-signup', userName: `Rider ${index}` }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

const trip = () => ({
  rideType: 'oneway',
  tripKind: 'outstation',
  pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
  dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
  pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
});

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
} finally {
  await server.stop();
}
