import { and, desc, eq, sql } from 'drizzle-orm';
import { drivers, jobs, outbox, rides, users, vehicles, type Business } from '@/lib/db/schema';
import { createSession } from '@/lib/auth/session';
import { resetEnvForTests } from '@/lib/env';
import { createQuote } from '@/lib/fares/quote';
import { runDueJobs } from '@/lib/jobs/queue';
import { MESSAGE_LIMITS } from '@/lib/messaging/budget';
import { deliver } from '@/lib/messaging/outbox';
import { MESSAGE_VALUE_MAX } from '@/lib/messaging/safe-text';
import { acceptRide } from '@/lib/rides/dispatch';
import { bookForCustomer } from '@/lib/rides/partner';
import { sendBookedNotice } from '@/lib/rides/rider-notices';
import { startTripMessages } from '@/lib/rides/trip-messages';
import { createBusiness } from '@/lib/tenancy/commands';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { configureEnv, seedWorld, send, trip, type Answer, type TenantWorld, type World } from './world';

/*
 * Message pumping: an operator (or anyone) making the platform send SMS,
 * WhatsApp or e-mail to numbers and addresses they type, in bulk, abroad, or
 * with their own links in them. Every case goes through the API router or the
 * real job queue and reads the outbox.
 */

let db: Db;
let world: World;
let a: TenantWorld;
let stopTrips: () => void;

beforeAll(async () => {
  configureEnv(true);
  // no WhatsApp here: each text is one SMS
  for (const name of ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID']) delete process.env[name];
  resetEnvForTests();
  db = await openTestDb();
  world = await seedWorld(db);
  a = world.a;
  stopTrips = startTripMessages(async () => db, {});
}, 300_000);
afterAll(async () => {
  stopTrips();
  await closeTestDb();
  delete process.env.MESSAGE_DAILY_CAPS;
  configureEnv(false);
});

const to = (number: string) => `+91${number}`;
const messagesTo = (recipient: string, businessId = a.business.id) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.businessId, businessId), eq(outbox.recipient, recipient)))
    .orderBy(outbox.id);

async function until<T>(read: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let keys = 0;
const partnerCall = (t: TenantWorld, path: string, body: unknown): Promise<Answer> =>
  send({ method: 'POST', host: t.host, path, cookie: t.partner.cookie, body });

async function bookForPhone(t: TenantWorld, number: string): Promise<Answer> {
  keys += 1;
  const quote = await createQuote(db, t.business, trip());
  return partnerCall(t, '/api/partner/rides/book', {
    customerName: 'Kavya',
    customerPhone: { dialCode: '91', number },
    rideSearchId: quote.id,
    rideVehicle: 'sedan',
    idempotencyKey: `pumping-${keys}`,
  });
}

async function newDriver(businessId: number, name: string, phone: string, vehicleId?: number) {
  const [user] = await db.insert(users).values({ businessId, role: 'travelsx-driver', name, phoneCode: '91', phone }).returning();
  const [driver] = await db
    .insert(drivers)
    .values({ businessId, userId: user.id, name, phoneCode: '91', phone, accountStatus: 'Verified', online: true, vehicleId: vehicleId ?? null })
    .returning();
  return driver;
}

/** Leaves the jobs queued so far and waits for those a ride change queues on its own. */
async function jobsFor(rideId: number, count: number) {
  await until(async () => {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)` })
      .from(jobs)
      .where(sql`${jobs.kind} = 'trip-details' and ${jobs.payload}->>'rideId' = ${String(rideId)}`);
    return Number(n) >= count ? true : undefined;
  });
}

it('40 reassignments in a burst send the passenger one driver-details message now and one, with the final car, when the window closes', async () => {
  const passenger = '9845077001';
  keys += 1;
  const quote = await createQuote(db, a.business, trip());
  const booked = await send({
    method: 'POST',
    host: a.host,
    path: '/api/rides',
    cookie: a.rider.cookie,
    body: {
      rideSearchId: quote.id,
      rideVehicle: 'sedan',
      idempotencyKey: `pumping-${keys}`,
      passenger: { name: 'Amma', phone: { dialCode: '91', number: passenger } },
    },
  });
  expect(booked.status).toBe(201);
  const number = (booked.json!.data as { rideId: number }[])[0].rideId;
  const [ride] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.businessId, a.business.id), eq(rides.number, number)));
  const spare = await db
    .insert(vehicles)
    .values([1, 2, 3].map((n) => ({ businessId: a.business.id, vehicleType: 'sedan' as const, model: 'Toyota Etios', number: `TN09 ZZ000${n}` })))
    .returning();
  const driver = await newDriver(a.business.id, 'Karthik', '9845077002');
  expect((await partnerCall(a, `/api/partner/rides/${number}`, { action: 'accept', driverId: driver.id, vehicleId: spare[0].id })).status).toBe(200);
  await jobsFor(ride.id, 1);
  await runDueJobs(db, 'pumping');
  for (let i = 1; i <= 40; i++) {
    const answer = await partnerCall(a, `/api/partner/rides/${number}`, { action: 'reassign', vehicleId: spare[i === 40 ? 2 : i % 2].id });
    expect(answer.status).toBe(200);
  }
  await jobsFor(ride.id, 41);
  await runDueJobs(db, 'pumping');
  // the passenger's booking notice (lib/rides/rider-notices.ts) is a purpose of its own
  const detailsTo = async (phone: string) => (await messagesTo(phone)).filter((m) => m.purpose === 'driver-details' && m.status !== 'refused');
  const sentNow = await detailsTo(to(passenger));
  expect(sentNow).toHaveLength(1);
  expect(sentNow[0].body).toContain('TN09 ZZ0001');

  // the window passes: one more message, with the car the ride has now
  await db.execute(sql`update rate_limits set window_start = window_start - interval '1 hour' where key like ${`msg:once:driver-details:${ride.id}:%`}`);
  await runDueJobs(db, 'pumping', new Date(Date.now() + 3600_000));
  await runDueJobs(db, 'pumping', new Date(Date.now() + 7200_000));
  const all = await detailsTo(to(passenger));
  expect(all).toHaveLength(2);
  expect(all[1].body).toContain('TN09 ZZ0003');
  expect(all[1].purpose).toBe('driver-details');
}, 300_000);

it(`lets one operator send a typed number ${MESSAGE_LIMITS.recipientPerHour} messages an hour; the next "Resend code" is a 429 naming it, kept as refused`, async () => {
  const customer = '9845077010';
  const numbers: number[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = await bookForPhone(a, customer);
    expect(answer.status).toBe(201);
    numbers.push((answer.json!.data as { rideId: number }[])[0].rideId);
  }
  const answers: Answer[] = [];
  for (const number of numbers) for (let i = 0; i < 3; i++) answers.push(await partnerCall(a, `/api/partner/rides/${number}`, { action: 'resendCode' }));
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.slice(0, MESSAGE_LIMITS.recipientPerHour - 4)).toEqual(Array(MESSAGE_LIMITS.recipientPerHour - 4).fill(200));
  const refused = answers[MESSAGE_LIMITS.recipientPerHour - 4];
  expect(refused.status).toBe(429);
  expect(refused.json?.error).toMatchObject({ code: 'message_limit', key: 'messageLimit', values: { to: to(customer) } });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  const rows = await messagesTo(to(customer));
  expect(rows.filter((row) => row.status !== 'refused')).toHaveLength(MESSAGE_LIMITS.recipientPerHour);
  expect(rows.filter((row) => row.status === 'refused').every((row) => row.error === 'recipient_hour')).toBe(true);
  // another number of the same operator is not held up
  expect((await bookForPhone(a, '9845077011')).json?.data).toMatchObject([{ codeRefused: null }]);
}, 300_000);

it('stops an operator at the cap the platform sets (MESSAGE_DAILY_CAPS: a quarter of it an hour) with a 429 the console shows; other operators send on', async () => {
  process.env.MESSAGE_DAILY_CAPS = `${world.b.business.slug}=8`;
  resetEnvForTests();
  try {
    const answers: Answer[] = [];
    for (let i = 0; i < 3; i++) answers.push(await bookForPhone(world.b, `98450770${20 + i}`));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers.map((answer) => (answer.json!.data as { codeRefused: { code: string } | null }[])[0].codeRefused?.code ?? null)).toEqual([
      null,
      null,
      'message_cap',
    ]);
    const code = await send({
      method: 'POST',
      host: world.b.host,
      path: '/api/auth/otp/send',
      body: { userType: 'travelsx-user', countryCode: '91', phoneNumber: '9845077030', feature: 'login' },
    });
    expect(code.status).toBe(429);
    expect(code.json?.error).toMatchObject({ code: 'message_cap', key: 'messageCap', values: { max: 2 } });
    expect((await bookForPhone(a, '9845077031')).json?.data).toMatchObject([{ codeRefused: null }]);
  } finally {
    delete process.env.MESSAGE_DAILY_CAPS;
    resetEnvForTests();
  }
});

it("sends codes and ride messages to numbers outside the operator's market only once the operator turns that on", async () => {
  const abroad = { userType: 'travelsx-user', countryCode: '44', phoneNumber: '7700900123', feature: 'login' };
  const refused = await send({ method: 'POST', host: a.host, path: '/api/auth/otp/send', body: abroad });
  expect(refused.status).toBe(403);
  expect(refused.json?.error).toMatchObject({ code: 'message_abroad', key: 'messageAbroad', values: { to: '+447700900123', dialCode: '91' } });
  const booked = await partnerCall(a, '/api/partner/rides/book', {
    customerName: 'Tom',
    customerPhone: { dialCode: '1', number: '2025550143' },
    rideSearchId: (await createQuote(db, a.business, trip())).id,
    rideVehicle: 'sedan',
    idempotencyKey: `pumping-abroad-${++keys}`,
  });
  expect(booked.status).toBe(201);
  expect(booked.json?.data).toMatchObject([{ codeRefused: { code: 'message_abroad' } }]);
  expect(await messagesTo('+447700900123')).toEqual([]);
  expect((await messagesTo('+12025550143')).map((row) => [row.status, row.error])).toEqual([['refused', 'abroad']]);
  // a trip message (the job's path, which hands deliver() the operator it read with the ride) is held to the same rule
  const [ride] = await db.select({ id: rides.id }).from(rides).where(eq(rides.businessId, a.business.id)).orderBy(desc(rides.id)).limit(1);
  await sendBookedNotice(db, ride.id);
  expect((await messagesTo('+12025550143')).map((row) => [row.status, row.error])).toEqual([
    ['refused', 'abroad'],
    ['refused', 'abroad'],
  ]);

  const settings = await send({
    method: 'PUT',
    host: a.host,
    path: '/api/settings/market',
    cookie: a.partner.cookie,
    body: { countryCode: 'in', currency: 'INR', timeZone: 'Asia/Kolkata', languages: ['en'], messagesAbroad: true },
  });
  expect(settings.status).toBe(200);
  expect(settings.json?.data).toMatchObject({ messagesAbroad: true });
  expect((await send({ method: 'POST', host: a.host, path: '/api/auth/otp/send', body: abroad })).status).toBe(200);
  expect((await messagesTo('+447700900123')).map((row) => row.status)).toEqual(['held']);
  await sendBookedNotice(db, ride.id);
  expect((await messagesTo('+12025550143')).map((row) => row.status)).toEqual(['refused', 'refused', 'held']);
});

it('cuts operator-chosen names and makes no link of them: phishing addresses in business, driver, customer, car and pickup names arrive broken up', async () => {
  const business: Business = await createBusiness(db, { slug: 'phish', name: 'Win at https://evil.example/login', countryCode: 'in' });
  const long = `Ravi ${'K'.repeat(120)} bit.ly/free-ride`;
  const [vehicle] = await db
    .insert(vehicles)
    .values({ businessId: business.id, vehicleType: 'sedan', model: 'Innova ｅｖｉｌ．ｅｘａｍｐｌｅ', number: 'www.evil.example' })
    .returning();
  const driver = await newDriver(business.id, long, '9845077040', vehicle.id);
  const [partner] = await db.insert(users).values({ businessId: business.id, role: 'travelsx-partner', email: 'ops@phish.example', name: 'Ops' }).returning();
  await createSession(db, partner);
  const quote = await createQuote(db, business, {
    ...trip(),
    pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai, pay at evil\u2024example\u202e/x' },
  });
  const booked = await bookForCustomer(db, business.id, {
    customerName: 'Kumar mail me: win@evil.example',
    customerPhone: { dialCode: '91', number: '9845077041' },
    rideSearchId: quote.id,
    rideVehicle: 'sedan',
    idempotencyKey: 'phish-1',
    paymentMethod: 'cash',
  });
  await acceptRide(db, business.id, partner.id, booked.ride.id, { driverId: driver.id, vehicleId: vehicle.id });
  await jobsFor(booked.ride.id, 1);
  await runDueJobs(db, 'pumping');
  const rows = await db.select().from(outbox).where(eq(outbox.businessId, business.id));
  expect(rows.map((row) => row.purpose).sort()).toEqual(['customer-code', 'driver-assigned', 'driver-details']);
  for (const row of rows) {
    expect(row.body).not.toMatch(/evil\.example|evil\u2024example|ｅｖｉｌ|bit\.ly|https?:\/\/evil|www\.|@evil|\u202e/);
    expect(row.body).not.toContain('K'.repeat(MESSAGE_VALUE_MAX.personName));
    const links = row.body.match(/https?:\/\/\S+/g) ?? [];
    expect(links.every((link) => link.startsWith('http://phish.localhost:3000/'))).toBe(true);
  }
  const details = rows.find((row) => row.purpose === 'driver-details')!;
  expect(details.body).toMatch(/^Win at https evil example login: your driver/);
  expect(details.body).toContain(`Ravi ${'K'.repeat(MESSAGE_VALUE_MAX.personName - 6)}… (+919845077040)`);
  expect(details.body).toMatch(/\/track\/driver\?rideId=\d+&token=/);
}, 300_000);

it('counts concurrent sends to one number once each, across connections: exactly the budget goes out', async () => {
  const recipient = '+919845077050';
  const results = await Promise.all(
    Array.from({ length: 2 * MESSAGE_LIMITS.recipientPerHour }, (_, i) =>
      deliver(db, { businessId: a.business.id, channel: 'sms', to: recipient, purpose: 'rate-ask', text: `Rate ride ${1000 + i}` }),
    ),
  );
  expect(results.filter((result) => !result.refused)).toHaveLength(MESSAGE_LIMITS.recipientPerHour);
  expect(results.filter((result) => result.refused?.reason === 'recipient_hour')).toHaveLength(MESSAGE_LIMITS.recipientPerHour);
  const counted = await db.execute(sql`select count from rate_limits where key like ${`msg:to:h:${a.business.id}:${recipient}`}`);
  expect(Number((counted as unknown as { rows: { count: number }[] }).rows[0].count)).toBe(MESSAGE_LIMITS.recipientPerHour);
});
