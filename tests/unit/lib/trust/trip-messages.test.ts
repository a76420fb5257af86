import { and, eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { jobs, outbox, rides, vehicles } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createQuote } from '@/lib/fares/quote';
import { runDueJobs } from '@/lib/jobs/queue';
import { emitRideChange } from '@/lib/rides/notify';
import { startTripMessages } from '@/lib/rides/trip-messages';
import type { PushPayload } from '@/lib/push/schemas';
import type { Db } from '@/lib/db/client';
import { registerProvider } from '@/lib/messaging/providers';
import { closeTestDb, openTestDb } from '../../db';
import { completedRide, freeDriver, makeWorld, request, trip, type World } from './fixtures';

let db: Db;
let world: World;
let stop: () => void;
const pushes: { userId: number; payload: PushPayload }[] = [];
const whatsapps: { to: string; text: string }[] = [];

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  world = await makeWorld(db, 'demo');
  stop = startTripMessages(async () => db, { push: async (_db, _businessId, userId, payload) => pushes.push({ userId, payload }) });
  registerProvider('whatsapp', { name: 'whatsapp-test', send: async ({ to, text }) => void whatsapps.push({ to, text }) });
});
afterAll(async () => {
  registerProvider('whatsapp', undefined);
  stop();
  await closeTestDb();
});

async function until<T>(read: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function bookBody(extra: Record<string, unknown> = {}) {
  const quote = await createQuote(db, { id: world.id, currency: 'INR', timeZone: 'Asia/Kolkata' }, trip(30));
  return { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: `passenger-${Math.random().toString(36).slice(2, 12)}`, ...extra };
}

const smsTo = (to: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.businessId, world.id), eq(outbox.channel, 'sms'), eq(outbox.recipient, to)));
/** The traveller also gets the booking's own notice (lib/rides/rider-notices.ts): these tests read the driver details. */
const detailsTo = async (to: string) => (await smsTo(to)).filter((m) => m.purpose === 'driver-details');

describe('book for someone else', () => {
  it('refuses a passenger phone that is not a phone, naming the field, and books nothing', async () => {
    const before = await db.select({ n: sql<string>`count(*)` }).from(rides);
    for (const [passenger, field] of [
      [{ name: 'Amma', phone: { dialCode: '91', number: '12ab' } }, 'passenger.phone.number'],
      [{ name: 'Amma', phone: { dialCode: '0', number: '9876500001' } }, 'passenger.phone.dialCode'],
      [{ name: '', phone: { dialCode: '91', number: '9876500001' } }, 'passenger.name'],
    ] as const) {
      const res = await callApi(request(world, '/api/rides', { body: await bookBody({ passenger }) }));
      expect(res.status).toBe(400);
      expect((await res.json()).error.field).toBe(field);
    }
    const after = await db.select({ n: sql<string>`count(*)` }).from(rides);
    expect(after[0].n).toBe(before[0].n);
  });

  it('sends the passenger the driver details, start code and tracking link on accept; the booker keeps the ride and its status', async () => {
    const booked = await callApi(
      request(world, '/api/rides', { body: await bookBody({ passenger: { name: 'Amma Raman', phone: { dialCode: '+91', number: '98765 00001' } } }) }),
    );
    expect(booked.status).toBe(201);
    const rideId = (await booked.json()).data[0].rideId as number;
    const [ride] = await db
      .select()
      .from(rides)
      .where(and(eq(rides.businessId, world.id), eq(rides.number, rideId)));
    expect(ride).toMatchObject({ riderId: world.riderId, passengerName: 'Amma Raman', passengerPhoneCode: '91', passengerPhone: '9876500001' });

    const accepted = await callApi(
      request(world, `/api/partner/rides/${rideId}`, {
        cookie: world.partnerCookie,
        body: { action: 'accept', driverId: world.driverId, vehicleId: world.vehicleId },
      }),
    );
    expect(accepted.status).toBe(200);
    await until(async () => ((await db.select().from(jobs).where(eq(jobs.kind, 'trip-details'))).length ? true : undefined));
    await runDueJobs(db, 'test');

    const [sms] = await detailsTo('+919876500001');
    expect((await smsTo('+919876500001')).filter((m) => m.purpose === 'ride-booked')).toHaveLength(1);
    for (const part of ['Ravi Kumar', '+919845000002', 'Honda City', 'TN 01AB1234', ride.startCode, `/track/driver?rideId=${rideId}&token=`])
      expect(sms.body).toContain(part);
    expect(await smsTo('+919845000001')).toEqual([]);
    expect(whatsapps.find((w) => w.to === '+919876500001')?.text).toContain(ride.startCode);
    const push = pushes.find((p) => p.payload.data?.rideId === rideId);
    expect(push).toMatchObject({ userId: world.riderId, payload: { title: 'Your driver is Ravi Kumar' } });

    const mine = await callApi(request(world, '/api/rides'));
    const listed = (await mine.json()).data.upcoming.find((r: { id: number }) => r.id === rideId);
    expect(listed).toMatchObject({ status: 'accepted', passenger: { name: 'Amma Raman', phone: '+91 9876500001' }, startCode: ride.startCode });

    // the tracking link in the message opens the track page's data without an account
    const token = /token=([A-Za-z0-9_-]+)/.exec(sms.body)![1];
    const track = await callApi(request(world, `/api/rides/${rideId}/track?token=${token}`, { cookie: '' }));
    expect(track.status).toBe(200);
  });

  it('messages again, once, when the driver or vehicle is reassigned (at the end of the driver-details window)', async () => {
    const booked = await callApi(
      request(world, '/api/rides', { body: await bookBody({ passenger: { name: 'Guest', phone: { dialCode: '91', number: '9876500002' } } }) }),
    );
    const rideId = (await booked.json()).data[0].rideId as number;
    await callApi(
      request(world, `/api/partner/rides/${rideId}`, { cookie: world.partnerCookie, body: { action: 'accept', ...(await freeDriver(db, world)) } }),
    );
    // jobs name the ride by its database id; the API by its number within the operator
    const [{ id: dbId }] = await db
      .select({ id: rides.id })
      .from(rides)
      .where(and(eq(rides.businessId, world.id), eq(rides.number, rideId)));
    await until(async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(sql`${jobs.kind} = 'trip-details' and ${jobs.payload}->>'rideId' = ${String(dbId)}`)
      ).length
        ? true
        : undefined,
    );
    await runDueJobs(db, 'test');
    expect(await detailsTo('+919876500002')).toHaveLength(1);

    // a reassignment to another vehicle, by the console's Reassign action
    const [suv] = await db.insert(vehicles).values({ businessId: world.id, vehicleType: 'sedan', model: 'Toyota Etios', number: 'TN 09ZZ0001' }).returning();
    const reassigned = await callApi(
      request(world, `/api/partner/rides/${rideId}`, { cookie: world.partnerCookie, body: { action: 'reassign', vehicleId: suv.id } }),
    );
    expect(reassigned.status).toBe(200);
    const [moved] = await db.select().from(rides).where(eq(rides.id, dbId));
    // the same change seen once more (e.g. a notice repeated) queues nothing new
    emitRideChange({ ride: moved, from: 'accepted', to: 'accepted', actorUserId: world.partnerId });
    await until(async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(sql`${jobs.kind} = 'trip-details' and ${jobs.payload}->>'rideId' = ${String(dbId)}`)
      ).length === 2
        ? true
        : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await runDueJobs(db, 'test');
    // inside the window the change waits for its end
    expect((await detailsTo('+919876500002')).filter((m) => m.status !== 'refused')).toHaveLength(1);
    await db.execute(sql`update rate_limits set window_start = window_start - interval '1 hour' where key like ${`msg:once:driver-details:${dbId}:%`}`);
    await runDueJobs(db, 'test', new Date(Date.now() + 3600_000));
    const texts = (await detailsTo('+919876500002')).map((m) => m.body);
    expect(texts).toHaveLength(2);
    expect(texts.filter((t) => t.includes('TN 09ZZ0001'))).toHaveLength(1);
    // the message at the window's end says what changed since the last one
    expect(texts.filter((t) => t.includes(`the vehicle for ride ${rideId} has changed`))).toHaveLength(1);
  });

  it('on completion e-mails the invoice PDF to a rider with an e-mail and asks every rider to rate, once', async () => {
    const acme = await makeWorld(db, 'acme', { riderEmail: 'asha@example.com' });
    const ride = await completedRide(db, acme);
    await until(async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(eq(jobs.key, `ride-completed:${ride.id}`))
      ).length
        ? true
        : undefined,
    );
    await runDueJobs(db, 'test');
    await runDueJobs(db, 'test');
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.businessId, acme.id), eq(outbox.channel, 'email')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'asha@example.com', subject: `acme cabs: invoice for ride ${ride.number}` });
    expect(mails[0].body).toMatch(/\[attached: INV-000001\.pdf\]/);
    expect(mails[0].body).toContain(`/user/rides?rate=${ride.number}`);
    const asks = (
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.businessId, acme.id), eq(outbox.recipient, '+919845000001'), eq(outbox.channel, 'sms')))
    ).filter((m) => m.body.includes('?rate='));
    expect(asks).toHaveLength(1);
    expect(pushes.find((p) => p.payload.data?.rideId === ride.number && p.payload.data?.status === 'completed')?.payload.data?.url).toBe(
      `/in/en/user/rides?rate=${ride.number}`,
    );
  });
});
