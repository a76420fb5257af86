import { and, eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { rides, users, walletEntries, type Ride } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { transitionRide } from '@/lib/rides/lifecycle';
import { operatorAccount, statementTotals } from '@/lib/wallet/ledger';
import { addDays, rangeInstants, startOfLocalDay } from '@/lib/partner/dates';
import { localDate } from '@/lib/time/zoned';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { chennaiToBengaluru } from '../../trips';

/*
 * Issue 13 item 3 and issue 14 items 3-5: per-operator ride numbers under
 * concurrent bookings, the board (range in the operator's zone, pickup order,
 * cursor paging, counts, the next hour's unassigned pickups, refusals), money
 * (cash vs online completions on the ledger, the overview equal to the
 * ledger, platform payouts and settlements) and the CSV in the zone.
 */

type Tenant = { id: number; slug: string; currency: string; timeZone: string };
let db: Db;
let alpha: Tenant;
let beta: Tenant;
const people: Record<string, { id: number; cookie: string }> = {};
const HOSTS = { alpha: 'alpha.localhost:3000', beta: 'beta.localhost:3000' } as const;
const TZ = 'Asia/Kolkata';
const ADMIN_TOKEN = 'platform-admin-token-for-tests-0123456789';

async function person(tenant: Tenant, role: 'travelsx-partner' | 'travelsx-user', name: string, phone: string) {
  const [user] = await db
    .insert(users)
    .values({ businessId: tenant.id, role, name, phoneCode: '91', phone, email: role === 'travelsx-partner' ? `ops@${tenant.slug}.example` : null })
    .returning();
  return { id: user.id, cookie: `__Host-session=${await createSession(db, { id: user.id, businessId: tenant.id })}` };
}

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  alpha = await createBusiness(db, { slug: 'alpha', name: 'Alpha Cabs', countryCode: 'in' });
  beta = await createBusiness(db, { slug: 'beta', name: 'Beta Cabs', countryCode: 'in' });
  people.alphaOps = await person(alpha, 'travelsx-partner', 'Alpha Ops', '9845000001');
  people.alphaRider = await person(alpha, 'travelsx-user', '=cmd|calc', '9845000002');
  people.betaOps = await person(beta, 'travelsx-partner', 'Beta Ops', '9845000003');
  people.betaRider = await person(beta, 'travelsx-user', 'Bina', '9845000004');
}, 60_000);
afterAll(async () => {
  delete process.env.PLATFORM_ADMIN_TOKEN;
  resetEnvForTests();
  await closeTestDb();
});

const trip = chennaiToBengaluru;

let keys = 0;
async function book(tenant: Tenant, riderId: number, paymentMethod: 'cash' | 'upi' | 'card' = 'cash', key = `k-${tenant.slug}-${++keys}`): Promise<Ride> {
  const quote = await createQuote(db, tenant, trip());
  return (await bookRide(db, tenant.id, riderId, { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: key, paymentMethod, source: 'form' })).ride;
}

/** Moves a ride's pickup (the board reads pickups; bookings must be in the future, so tests set them afterwards). */
async function pickupAt(ride: Ride, at: Date): Promise<Ride> {
  const [row] = await db.update(rides).set({ pickupTime: at }).where(eq(rides.id, ride.id)).returning();
  return row;
}

async function complete(tenant: Tenant, ride: Ride, paymentMethod?: 'cash' | 'upi' | 'card'): Promise<Ride> {
  await transitionRide(db, { businessId: tenant.id, rideId: ride.id, to: 'accepted', actorUserId: null });
  await transitionRide(db, { businessId: tenant.id, rideId: ride.id, to: 'ontrip', actorUserId: null, startCode: ride.startCode });
  return transitionRide(db, { businessId: tenant.id, rideId: ride.id, to: 'completed', actorUserId: null, paymentMethod });
}

async function get(path: string, who = people.alphaOps, host: string = HOSTS.alpha) {
  const res = await callApi(new Request(`http://${host}${path}`, { headers: { host, cookie: who.cookie } }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

async function post(path: string, body: unknown, headers: Record<string, string>, host: string = HOSTS.alpha) {
  const res = await callApi(
    new Request(`http://${host}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { host, 'content-type': 'application/json', ...headers } }),
  );
  return { status: res.status, json: await res.json() };
}

const numbersOf = async (tenant: Tenant) =>
  (await db.select({ number: rides.number }).from(rides).where(eq(rides.businessId, tenant.id))).map((r) => r.number).sort((a, b) => a - b);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('ride numbers per operator', () => {
  it('numbers each operator 1, 2, 3, ... with no gaps or repeats under concurrent bookings, retries included', async () => {
    const quotes = await Promise.all([...Array(24)].map(() => createQuote(db, alpha, trip())));
    const betaQuotes = await Promise.all([...Array(12)].map(() => createQuote(db, beta, trip())));
    const bookings = [
      ...quotes.map((q, i) =>
        bookRide(db, alpha.id, people.alphaRider.id, {
          rideSearchId: q.id,
          rideVehicle: 'sedan',
          idempotencyKey: `con-a-${i}`,
          paymentMethod: 'cash',
          source: 'form',
        }),
      ),
      ...betaQuotes.map((q, i) =>
        bookRide(db, beta.id, people.betaRider.id, {
          rideSearchId: q.id,
          rideVehicle: 'sedan',
          idempotencyKey: `con-b-${i}`,
          paymentMethod: 'cash',
          source: 'form',
        }),
      ),
      // The same key five times at once: one ride, and no number spent on the repeats.
      ...[...Array(5)].map(() =>
        bookRide(db, alpha.id, people.alphaRider.id, {
          rideSearchId: quotes[0].id,
          rideVehicle: 'sedan',
          idempotencyKey: 'con-a-repeat',
          paymentMethod: 'cash',
          source: 'form',
        }),
      ),
    ];
    const answers = await Promise.all(bookings);
    const repeats = answers.slice(36);
    expect(new Set(repeats.map((a) => a.ride.id)).size).toBe(1);
    expect(repeats.filter((a) => a.created)).toHaveLength(1);
    expect(await numbersOf(alpha)).toEqual(oneTo(25));
    expect(await numbersOf(beta)).toEqual(oneTo(12));
    // The next booking continues the sequence.
    expect((await book(alpha, people.alphaRider.id)).number).toBe(26);
    expect((await book(beta, people.betaRider.id)).number).toBe(13);
  }, 60_000);

  it('answers riders and partners with the number, and addresses rides by it within the host’s operator', async () => {
    const ride = await book(beta, people.betaRider.id);
    expect(ride.number).not.toBe(ride.id);
    const mine = await get('/api/rides', people.betaRider, HOSTS.beta);
    const ids = [...mine.json.data.upcoming, ...mine.json.data.past].map((r: { id: number }) => r.id);
    expect(ids).toContain(ride.number);
    expect(ids).not.toContain(ride.id);
    // Beta's number names beta's ride on beta's host; on alpha's host the same number is alpha's ride, never beta's.
    const cancel = await post(
      `/api/rides/${ride.number}/cancel`,
      { reason: 'Plans changed' },
      { cookie: people.betaRider.cookie, origin: `http://${HOSTS.beta}` },
      HOSTS.beta,
    );
    expect(cancel.status).toBe(200);
    expect(cancel.json.data).toMatchObject({ id: ride.number, status: 'cancelled' });
    const [cashback] = await db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.rideId, ride.id), eq(walletEntries.kind, 'cashback_reversal')));
    expect(cashback.description).toBe(`Cashback reversed: ride #${ride.number} cancelled`);
  });
});

describe('the board', () => {
  it('lists the range’s rides in pickup order in the operator’s zone, pages by cursor without a cap, counts per status and flags the next hour’s unassigned pickups', async () => {
    const today = localDate(new Date(), TZ);
    const dayStart = startOfLocalDay(today, TZ);
    const made: Ride[] = [];
    for (let i = 0; i < 5; i++) made.push(await book(alpha, people.alphaRider.id));
    // Today at 06:00, 05:00, 07:00 local; one yesterday at 23:30 local; one tomorrow at 00:30 local.
    await pickupAt(made[0], new Date(dayStart.getTime() + 6 * 3600_000));
    await pickupAt(made[1], new Date(dayStart.getTime() + 5 * 3600_000));
    await pickupAt(made[2], new Date(dayStart.getTime() + 7 * 3600_000));
    await pickupAt(made[3], new Date(dayStart.getTime() - 30 * 60_000));
    await pickupAt(made[4], new Date(dayStart.getTime() + 24.5 * 3600_000));
    // Everything else alpha has (the numbering test's rides, 36 hours ahead) is moved out of today.
    await db
      .update(rides)
      .set({ pickupTime: new Date(dayStart.getTime() + 3 * 86_400_000) })
      .where(
        and(
          eq(rides.businessId, alpha.id),
          sql`${rides.id} not in (${sql.join(
            made.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
        ),
      );

    const first = await get('/api/partner/rides?limit=2');
    expect(first.status).toBe(200);
    expect(first.json.data.range).toEqual({ from: today, to: today, timeZone: TZ });
    expect(first.json.data.rides.map((r: { id: number }) => r.id)).toEqual([made[1].number, made[0].number]);
    expect(first.json.data.counts).toMatchObject({ all: 3, booked: 3, completed: 0 });
    expect(first.json.data.nextCursor).toEqual(expect.any(String));
    const second = await get(`/api/partner/rides?limit=2&cursor=${first.json.data.nextCursor}`);
    expect(second.json.data.rides.map((r: { id: number }) => r.id)).toEqual([made[2].number]);
    expect(second.json.data.nextCursor).toBeNull();
    const newestFirst = await get('/api/partner/rides?order=desc');
    expect(newestFirst.json.data.rides.map((r: { id: number }) => r.id)).toEqual([made[2].number, made[0].number, made[1].number]);

    // Yesterday..tomorrow in the zone: the 23:30 and 00:30 rides belong to their own local days.
    const wide = await get(`/api/partner/rides?from=${addDays(today, -1)}&to=${addDays(today, 1)}`);
    expect(wide.json.data.rides.map((r: { id: number }) => r.id)).toEqual([made[3].number, made[1].number, made[0].number, made[2].number, made[4].number]);
    const yesterday = await get(`/api/partner/rides?from=${addDays(today, -1)}&to=${addDays(today, -1)}`);
    expect(yesterday.json.data.rides.map((r: { id: number }) => r.id)).toEqual([made[3].number]);

    // Paging a long range never stops at a cap: 30 days of alpha's rides, 7 a page.
    const seen: number[] = [];
    let cursor = '';
    for (let guard = 0; guard < 20; guard++) {
      const page = await get(`/api/partner/rides?from=${addDays(today, -1)}&to=${addDays(today, 28)}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.json.data.rides.map((r: { id: number }) => r.id));
      if (!page.json.data.nextCursor) break;
      cursor = page.json.data.nextCursor;
    }
    expect(seen.length).toBe(new Set(seen).size);
    expect(seen.sort((a, b) => a - b)).toEqual(await numbersOf(alpha));

    // A booked ride without a driver, picked up in 30 minutes, is flagged; one with a driver would not be.
    // The rides above sit at fixed local times, so at some hours of the day one of them is in the next hour too:
    // they move three days out first, whatever the clock says when this runs.
    await db
      .update(rides)
      .set({ pickupTime: new Date(Date.now() + 3 * 86_400_000) })
      .where(eq(rides.businessId, alpha.id));
    const soon = await pickupAt(await book(alpha, people.alphaRider.id), new Date(Date.now() + 30 * 60_000));
    const board = await get(`/api/partner/rides?from=${localDate(soon.pickupTime, TZ)}&to=${localDate(soon.pickupTime, TZ)}`);
    expect(board.json.data.unassignedSoon).toBe(1);
    expect(board.json.data.rides.filter((r: { needsDriverSoon: boolean }) => r.needsDriverSoon).map((r: { id: number }) => r.id)).toEqual([soon.number]);
  });

  it('sorts the whole range by ride number, customer, status or fare in either direction, ties in pickup order, paging by cursor', async () => {
    const gamma = await createBusiness(db, { slug: 'gamma', name: 'Gamma Cabs', countryCode: 'in' });
    const ops = await person(gamma, 'travelsx-partner', 'Gamma Ops', '9845000010');
    const riders = [];
    for (const [i, name] of ['anil', 'Bala', 'zara', 'Chitra', 'Émile'].entries()) riders.push(await person(gamma, 'travelsx-user', name, `984500002${i}`));
    const day = addDays(localDate(new Date(), TZ), 20);
    const nine = startOfLocalDay(day, TZ).getTime() + 9 * 3600_000;
    const fares = [500, 300, 500, 700, 300, 500, 100, 700, 300];
    const statuses = ['booked', 'completed', 'cancelled', 'accepted', 'booked', 'ontrip', 'completed', 'booked', 'accepted'] as const;
    const made: { number: number; fare: number; status: string; name: string; at: number }[] = [];
    for (let i = 0; i < fares.length; i++) {
      const rider = riders[i % riders.length];
      const ride = await book(gamma, rider.id);
      // Pickups 10 minutes apart, but the last two share a minute with earlier rides (ties broken by number).
      const at = nine + (i < 7 ? i : i - 6) * 600_000;
      await db
        .update(rides)
        .set({ pickupTime: new Date(at), totalAmount: fares[i], status: statuses[i] })
        .where(eq(rides.id, ride.id));
      made.push({ number: ride.number, fare: fares[i], status: statuses[i], name: ['anil', 'Bala', 'zara', 'Chitra', 'Émile'][i % 5], at });
    }
    const rank = { booked: 0, accepted: 1, ontrip: 2, completed: 3, cancelled: 4 } as Record<string, number>;
    const inPickupOrder = (a: (typeof made)[number], b: (typeof made)[number]) => a.at - b.at || a.number - b.number;
    const expected = (key: (r: (typeof made)[number]) => number, sign: number) =>
      [...made].sort((a, b) => sign * (key(a) - key(b)) || inPickupOrder(a, b)).map((r) => r.number);
    const pages = async (query: string) => {
      const seen: number[] = [];
      let cursor = '';
      for (let guard = 0; guard < 20; guard++) {
        const page = await get(`/api/partner/rides?from=${day}&to=${day}&limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`, ops, 'gamma.localhost:3000');
        expect([query, page.status]).toEqual([query, 200]);
        seen.push(...page.json.data.rides.map((r: { id: number }) => r.id));
        if (!page.json.data.nextCursor) return { seen, all: page.json.data.counts.all };
        cursor = page.json.data.nextCursor;
      }
      throw new Error('the pages never ended');
    };
    for (const [order, sign] of [
      ['asc', 1],
      ['desc', -1],
    ] as const) {
      expect((await pages(`sort=fare&order=${order}`)).seen).toEqual(expected((r) => r.fare, sign));
      expect((await pages(`sort=status&order=${order}`)).seen).toEqual(expected((r) => rank[r.status], sign));
      expect((await pages(`sort=number&order=${order}`)).seen).toEqual(expected((r) => r.number, sign));
      // Names without case; where the accented name falls is the database's collation, so only the ASCII names' order is asserted.
      const byName = await pages(`sort=customer&order=${order}`);
      expect(byName.seen).toHaveLength(made.length);
      expect(new Set(byName.seen).size).toBe(made.length);
      const whole = await get(`/api/partner/rides?from=${day}&to=${day}&limit=200&sort=customer&order=${order}`, ops, 'gamma.localhost:3000');
      expect(byName.seen).toEqual(whole.json.data.rides.map((r: { id: number }) => r.id));
      const names = byName.seen.map((n) => made.find((r) => r.number === n)!).filter((r) => r.name !== 'Émile');
      const asciiOrder = [...names].sort((a, b) => sign * a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || inPickupOrder(a, b));
      expect(names.map((r) => r.number)).toEqual(asciiOrder.map((r) => r.number));
    }
    expect((await pages('')).seen).toEqual([...made].sort(inPickupOrder).map((r) => r.number));

    // A cursor of one order is not a page of another; an unknown column is named.
    const byPickup = await get(`/api/partner/rides?from=${day}&to=${day}&limit=2`, ops, 'gamma.localhost:3000');
    const mixed = await get(`/api/partner/rides?from=${day}&to=${day}&limit=2&sort=fare&cursor=${byPickup.json.data.nextCursor}`, ops, 'gamma.localhost:3000');
    expect([mixed.status, mixed.json.error.field, mixed.json.error.key]).toEqual([400, 'cursor', 'cursorInvalid']);
    const byFare = await get(`/api/partner/rides?from=${day}&to=${day}&limit=2&sort=fare`, ops, 'gamma.localhost:3000');
    const back = await get(`/api/partner/rides?from=${day}&to=${day}&limit=2&sort=status&cursor=${byFare.json.data.nextCursor}`, ops, 'gamma.localhost:3000');
    expect([back.status, back.json.error.field]).toEqual([400, 'cursor']);
    const unknown = await get('/api/partner/rides?sort=price', ops, 'gamma.localhost:3000');
    expect([unknown.status, unknown.json.error.field, unknown.json.error.key, unknown.json.error.message]).toEqual([
      400,
      'sort',
      'sortInvalid',
      'sort: Choose a column to sort by from the list',
    ]);
  });

  it.each([
    ['a reversed range', 'from=2026-03-10&to=2026-03-01', 'to', 'rangeReversed'],
    ['a range over a year', 'from=2024-01-01&to=2025-01-01', 'to', 'rangeTooLong'],
    ['a date that is not one', 'from=2026-02-30&to=2026-03-01', 'from', 'dateInvalid'],
    ['a cursor that is not one', 'cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursorInvalid'],
    ['a page size over 200', 'limit=201', 'limit', 'limitInvalid'],
  ])('refuses %s with a 400 naming the field', async (_, query, field, key) => {
    const answer = await get(`/api/partner/rides?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ field, key });
  });

  it('accepts a range of exactly a year (a leap year’s 366 days)', async () => {
    expect((await get('/api/partner/rides?from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  it('shows another operator’s session nothing (401 on this host) and a rider 403', async () => {
    expect((await get('/api/partner/rides', people.betaOps)).status).toBe(401);
    expect((await get('/api/partner/rides', people.alphaRider)).status).toBe(403);
    expect((await get('/api/partner/rides/export', people.betaOps)).status).toBe(401);
  });
});

describe('the CSV export', () => {
  it('writes pickup times in the operator’s zone with the zone in the header, names the filter it applied, keeps phones plain and formulas guarded', async () => {
    const ride = await book(alpha, people.alphaRider.id);
    // 4:12 AM IST on 27 November 2026 is 22:42 UTC on the 26th.
    await pickupAt(ride, new Date('2026-11-26T22:42:00Z'));
    const csv = await get('/api/partner/rides/export?from=2026-11-27&to=2026-11-27');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="rides-2026-11-27-to-2026-11-27-all-statuses.csv"');
    expect(csv.headers.get('x-export-filter')).toBe('from=2026-11-27; to=2026-11-27; status=all; time-zone=Asia/Kolkata');
    const [header, ...lines] = csv.text.trim().split('\r\n');
    expect(header.split(',')[5]).toBe('pickup_time (Asia/Kolkata)');
    const row = lines.find((l) => l.startsWith(`${ride.number},`))!;
    expect(row).toBeDefined();
    const cells = row.split(',');
    expect(cells[5]).toBe('2026-11-27 04:12');
    expect(cells[8]).toBe("'=cmd|calc");
    expect(cells[9]).toBe('(+91) 9845000002');
    // The UTC day before holds nothing of it.
    const dayBefore = await get('/api/partner/rides/export?from=2026-11-26&to=2026-11-26&status=booked');
    expect(dayBefore.headers.get('content-disposition')).toContain('rides-2026-11-26-to-2026-11-26-booked.csv');
    expect(dayBefore.text).not.toContain(`\r\n${ride.number},`);
    expect((await get('/api/partner/rides/export?from=2026-11-27&to=2026-11-01')).status).toBe(400);
  });
});

describe('money on the ledger', () => {
  it('cash leaves the fare with the driver and the commission owed; UPI and card credit the fare less commission; the overview equals the ledger', async () => {
    const before = await operatorAccount(db, beta.id);
    expect(before).toEqual({ balance: 0, owed: 0, available: 0 });
    const cash = await book(beta, people.betaRider.id, 'cash');
    const upi = await book(beta, people.betaRider.id, 'upi');
    const card = await book(beta, people.betaRider.id, 'card');
    await db.update(rides).set({ paid: true }).where(eq(rides.id, card.id)); // PayU's success callback marks this
    const today = localDate(new Date(), TZ);
    const early = new Date(startOfLocalDay(today, TZ).getTime() + 60_000);
    for (const ride of [cash, upi, card]) await pickupAt(ride, early);

    // A card the rider never paid cannot be recorded as card.
    await transitionRide(db, { businessId: beta.id, rideId: cash.id, to: 'accepted', actorUserId: null });
    await transitionRide(db, { businessId: beta.id, rideId: cash.id, to: 'ontrip', actorUserId: null, startCode: cash.startCode });
    await expect(transitionRide(db, { businessId: beta.id, rideId: cash.id, to: 'completed', actorUserId: null, paymentMethod: 'card' })).rejects.toMatchObject(
      { code: 'card_unpaid', field: 'paymentMethod' },
    );
    const doneCash = await transitionRide(db, { businessId: beta.id, rideId: cash.id, to: 'completed', actorUserId: null });
    const doneUpi = await complete(beta, upi);
    const doneCard = await complete(beta, card, 'cash'); // a paid card stays card whatever the console says
    expect([doneCash.paymentMethod, doneUpi.paymentMethod, doneCard.paymentMethod]).toEqual(['cash', 'upi', 'card']);

    // Hand-computed with the default 10 % commission on the ride amount.
    const commission = (r: Ride) => Math.round(r.rideAmount / 10);
    const expected = {
      balance: upi.totalAmount - commission(upi) + card.totalAmount - commission(card),
      owed: commission(cash),
    };
    expect(await operatorAccount(db, beta.id)).toEqual({ ...expected, available: expected.balance - expected.owed });
    const range = rangeInstants({ from: today, to: today }, TZ);
    const statement = await statementTotals(db, beta.id, range);
    expect(statement).toMatchObject({
      online: upi.totalAmount + card.totalAmount,
      cash: cash.totalAmount,
      revenue: cash.totalAmount + upi.totalAmount + card.totalAmount,
      commission: commission(cash) + commission(upi) + commission(card),
    });

    const overview = await get('/api/partner/overview?filter=today', people.betaOps, HOSTS.beta);
    expect(overview.status).toBe(200);
    expect(overview.json.data.revenue).toBe(statement.revenue);
    expect(overview.json.data.commission).toBe(statement.commission);
    expect(overview.json.data.series.reduce((sum: number, p: { revenue: number }) => sum + p.revenue, 0)).toBe(statement.revenue);

    const wallet = await get('/api/partner/wallet?date_filter=today', people.betaOps, HOSTS.beta);
    expect(wallet.json.data.total).toEqual({
      currency: 'INR',
      balance: expected.balance / 100,
      owed: expected.owed / 100,
      available: (expected.balance - expected.owed) / 100,
    });
    expect(wallet.json.data.statement.revenue).toBe(statement.revenue / 100);
    const kinds = wallet.json.data.transactions
      .filter((t: { ride_id: number }) => t.ride_id === cash.number)
      .map((t: { kind: string }) => t.kind)
      .sort();
    expect(kinds).toEqual(['commission_owed', 'ride_cash']);
  });

  it('records payouts and settlements from the platform only, idempotent by key, never beyond what is owed or available', async () => {
    const body = { kind: 'settlement', amount: 1, reference: 'UTR 0001', idempotencyKey: 'settle-0001' };
    const origin = { origin: `http://${HOSTS.beta}` };
    delete process.env.PLATFORM_ADMIN_TOKEN;
    resetEnvForTests();
    expect((await post('/api/platform/wallet-entries', body, { ...origin, authorization: `Bearer ${ADMIN_TOKEN}` }, HOSTS.beta)).status).toBe(404);
    process.env.PLATFORM_ADMIN_TOKEN = ADMIN_TOKEN;
    resetEnvForTests();
    expect((await post('/api/platform/wallet-entries', body, { ...origin, authorization: 'Bearer wrong' }, HOSTS.beta)).status).toBe(401);
    expect((await post('/api/platform/wallet-entries', body, { ...origin, cookie: people.betaOps.cookie }, HOSTS.beta)).status).toBe(401);

    const account = await operatorAccount(db, beta.id);
    const admin = { ...origin, authorization: `Bearer ${ADMIN_TOKEN}` };
    const tooMuch = await post(
      '/api/platform/wallet-entries',
      { ...body, amount: account.owed / 100 + 1, idempotencyKey: 'settle-too-much' },
      admin,
      HOSTS.beta,
    );
    expect([tooMuch.status, tooMuch.json.error.field]).toEqual([409, 'amount']);
    const settle = { ...body, amount: account.owed / 100 };
    const first = await post('/api/platform/wallet-entries', settle, admin, HOSTS.beta);
    expect(first.status).toBe(201);
    expect(first.json.data.account).toEqual({ balance: account.balance / 100, owed: 0, available: account.balance / 100 });
    const again = await post('/api/platform/wallet-entries', settle, admin, HOSTS.beta);
    expect(again.status).toBe(200);
    expect((await post('/api/platform/wallet-entries', { ...settle, amount: 2 }, admin, HOSTS.beta)).status).toBe(409);

    const payout = { kind: 'payout', amount: account.balance / 100, reference: 'NEFT 77', idempotencyKey: 'payout-0001' };
    const [a, b] = await Promise.all([
      post('/api/platform/wallet-entries', payout, admin, HOSTS.beta),
      post('/api/platform/wallet-entries', payout, admin, HOSTS.beta),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await operatorAccount(db, beta.id)).toEqual({ balance: 0, owed: 0, available: 0 });
    const over = await post('/api/platform/wallet-entries', { ...payout, amount: 1, idempotencyKey: 'payout-0002' }, admin, HOSTS.beta);
    expect(over.status).toBe(409);
    const entries = await db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.businessId, beta.id), sql`${walletEntries.kind} in ('payout', 'settlement')`));
    expect(entries).toHaveLength(2);
  });
});
