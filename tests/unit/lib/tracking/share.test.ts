import { eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { rideShareLinks } from '@/lib/db/schema';
import { hashToken } from '@/lib/crypto/tokens';
import { transitionRide } from '@/lib/rides/lifecycle';
import type { Db } from '@/lib/db/client';
import type { Ride } from '@/lib/db/schema';
import { closeTestDb, openTestDb } from '../../db';
import { call, HOST, seedWorld, type World } from './fixture';

const shareRoute = callApi;
const trackRoute = callApi;

let db: Db;
let world: World;
let ride: Ride;
let otherRide: Ride;

beforeAll(async () => {
  db = await openTestDb();
  world = await seedWorld(db);
  ride = await world.book('share-0001');
  otherRide = await world.book('share-0002', { driverId: world.mani.driverId });
});
afterAll(closeTestDb);

const share = (cookie: string, id = ride.number) =>
  call(shareRoute, { method: 'POST', path: `/api/rides/${id}/share`, cookie, body: {}, params: { id: String(id) } });
const track = (id: number, query = '', cookie = '', host: string = HOST.demo) =>
  call(trackRoute, { path: `/api/rides/${id}/track${query}`, cookie, host, params: { id: String(id) } });

describe('ride share links', () => {
  let token: string;

  it('are created by the ride’s rider only, while a driver is assigned, and stored hashed', async () => {
    expect((await share(world.otherRider.cookie)).status).toBe(404);
    expect((await share(world.partner.cookie)).status).toBe(403);
    expect((await share('')).status).toBe(401);
    const booked = await world.book('share-0003', { driverId: null });
    expect((await share(world.rider.cookie, booked.number)).status).toBe(409);
    const { status, json } = await share(world.rider.cookie);
    expect(status).toBe(200);
    token = json.data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.select().from(rideShareLinks).where(eq(rideShareLinks.rideId, ride.id));
    expect(rows).toEqual([expect.objectContaining({ tokenHash: hashToken(token), businessId: world.demo.id })]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('let anyone follow the ride logged out, read-only, and nothing else', async () => {
    const { status, json } = await track(ride.number, `?token=${token}`);
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ rideId: ride.number, status: 'accepted', readOnly: true, pickup: { name: 'Chennai' }, driver: { name: 'Ravi' } });
    expect(json.data.startCode).toBeUndefined();
    expect((await track(otherRide.number, `?token=${token}`)).status).toBe(404);
    expect((await track(ride.number, `?token=${'x'.repeat(43)}`)).json.error.code).toBe('link_invalid');
    expect((await track(ride.number, '?token=short')).status).toBe(404);
    expect((await track(ride.number, `?token=${token}`, '', HOST.acme)).status).toBe(404);
    expect((await track(ride.number)).status).toBe(401);
  });

  it('die once the ride is completed', async () => {
    await transitionRide(db, { businessId: world.demo.id, rideId: ride.id, to: 'ontrip', actorUserId: null, startCode: ride.startCode });
    expect((await track(ride.number, `?token=${token}`)).json.data.status).toBe('ontrip');
    await transitionRide(db, { businessId: world.demo.id, rideId: ride.id, to: 'completed', actorUserId: null });
    const { status, json } = await track(ride.number, `?token=${token}`);
    expect([status, json.error.code, json.error.message]).toEqual([410, 'link_expired', 'This tracking link has expired: the ride has ended.']);
    // The rider still sees the finished ride with the session.
    expect((await track(ride.number, '', world.rider.cookie)).json.data).toMatchObject({ status: 'completed', readOnly: false });
    expect((await share(world.rider.cookie)).status).toBe(409);
  });

  it('die when the ride is cancelled', async () => {
    const link = (await share(world.rider.cookie, otherRide.number)).json.data.token;
    expect((await track(otherRide.number, `?token=${link}`)).status).toBe(200);
    await transitionRide(db, { businessId: world.demo.id, rideId: otherRide.id, to: 'cancelled', actorUserId: null, cancelledBy: 'rider' });
    expect((await track(otherRide.number, `?token=${link}`)).status).toBe(410);
  });

  it('leave the assigned driver and the partners their own access', async () => {
    const next = await world.book('share-0004', { driverId: world.mani.driverId });
    expect((await track(next.number, '', world.mani.cookie)).status).toBe(200);
    expect((await track(next.number, '', world.ravi.cookie)).status).toBe(404);
    expect((await track(next.number, '', world.partner.cookie)).status).toBe(200);
    expect((await track(next.number, '', world.acmePartner.cookie, HOST.acme)).status).toBe(404);
  });
});
