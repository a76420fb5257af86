import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { callApi } from '../../api';
import { drivers, rides } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { applyRideAction } from '@/lib/rides/partner';
import { rideTracking } from '@/lib/rides/tracking';
import { fleetSnapshot } from '@/lib/dispatch/fleet-live';
import { offerNext } from '@/lib/rides/offers';
import { uploadsRoot } from '@/lib/media/uploads';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { bookAt, makeOperator, placeDriver, type Operator } from './fleet';

/*
 * Issue 31 item 4 and issue 37's rows: photos (resized, refused when not an
 * image or huge, storing nothing), papers with expiry and the 30-day list;
 * an unverified driver cannot go online; the live map's states; the track
 * page shows the driver's position only from set-off, with phone and photo.
 */

let db: Db;
let op: Operator;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  op = await makeOperator(db, 'records');
}, 60_000);
afterAll(async () => {
  await closeTestDb();
  fs.rmSync(path.join(uploadsRoot(), op.slug), { recursive: true, force: true });
});

async function call(method: string, url: string, init: { body?: unknown; form?: FormData; cookie?: string } = {}) {
  const host = op.host;
  const headers: Record<string, string> = { host, origin: `http://${host}`, cookie: init.cookie ?? op.partnerCookie };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await callApi(
    new Request(`http://${host}${url}`, { method, headers, body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) }),
  );
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const photoForm = (bytes: Uint8Array, type = 'image/png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'photo');
  return form;
};
const fleetFiles = () => {
  const dir = path.join(uploadsRoot(), op.slug, 'fleet');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('photos', () => {
  it('stores a driver photo as a 512 px square WebP, shown on the driver', async () => {
    const driver = await placeDriver(db, op, 'Photo Ravi', 1);
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await call('POST', `/api/partner/drivers/${driver.id}/photo`, { form: photoForm(png) });
    expect(res.status).toBe(200);
    expect(res.json.data.photoUrl).toMatch(/^\/media\/records\/fleet\/[0-9a-f-]{36}\.webp$/);
    const file = path.join(uploadsRoot(), 'records', 'fleet', path.basename(res.json.data.photoUrl));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const media = await callApi(new Request(`http://${op.host}${res.json.data.photoUrl}`, { headers: { host: op.host } }));
    expect([media.status, media.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it('refuses a file that is not an image, and one over 5 MB, storing nothing', async () => {
    const vehicle = (await placeDriver(db, op, 'Photo Mani', 1)).vehicleId;
    const before = fleetFiles().length;
    const text = await call('POST', `/api/partner/vehicles/${vehicle}/photo`, {
      form: photoForm(new TextEncoder().encode('<html>not a photo</html>'), 'image/png'),
    });
    expect(text.status).toBe(415);
    expect(text.json.error).toMatchObject({ key: 'photoType', field: 'photo' });
    const huge = new Uint8Array(5 * 1024 * 1024 + 10);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const big = await call('POST', `/api/partner/vehicles/${vehicle}/photo`, { form: photoForm(huge) });
    expect(big.status).toBe(413);
    expect(big.json.error.message).toContain('5 MB');
    expect(fleetFiles().length).toBe(before);
  });
});

describe('papers', () => {
  it('records a licence and lists what expires within 30 days; an expired one blocks assignment with the reason', async () => {
    const driver = await placeDriver(db, op, 'Paper Kumar', 1);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const saved = await call('PUT', `/api/partner/drivers/${driver.id}/documents`, { body: { licence: { number: 'TN01 2019 0001', expiresOn: soon } } });
    expect(saved.json.data.documents).toEqual([{ kind: 'licence', number: 'TN01 2019 0001', expiresOn: soon }]);
    expect(
      (await call('PUT', `/api/partner/drivers/${driver.id}/documents`, { body: { licence: { number: 'x', expiresOn: '2027-02-30' } } })).json.error,
    ).toMatchObject({
      field: 'licence.expiresOn',
      key: 'documentDateInvalid',
    });
    const list = await call('GET', '/api/partner/documents');
    expect(list.json.data).toContainEqual(expect.objectContaining({ holder: 'driver', id: driver.id, kind: 'licence', expiresOn: soon, expired: false }));
    await call('PUT', `/api/partner/drivers/${driver.id}/documents`, { body: { licence: { number: 'TN01 2019 0001', expiresOn: '2021-01-01' } } });
    const ride = await bookAt(db, op, 30);
    const options = await call('GET', `/api/partner/rides/assignable?rideId=${ride.number}`);
    expect(options.json.data.drivers.find((d: { id: number }) => d.id === driver.id)).toMatchObject({
      availability: 'expired',
      expired: { kind: 'licence', expiresOn: '2021-01-01' },
    });
  });
});

describe('going online', () => {
  it('is refused to a driver the operator has not verified, in the driver app and the console', async () => {
    const pending = await placeDriver(db, op, 'Pending Pari', 1, { driver: { accountStatus: 'pending', online: false } });
    const own = await call('PATCH', '/api/driver/availability', { body: { online: true }, cookie: pending.cookie });
    expect([own.status, own.json.error.key]).toEqual([409, 'driverSelfNotVerified']);
    const byConsole = await call('PATCH', `/api/partner/drivers/${pending.id}`, { body: { online: true } });
    expect([byConsole.status, byConsole.json.error.key]).toEqual([409, 'driverNotVerified']);
    const [row] = await db.select({ online: drivers.online }).from(drivers).where(eq(drivers.id, pending.id));
    expect(row.online).toBe(false);
  });
});

describe('the live map and the track page', () => {
  it('gives each driver a state and shows the rider the driver only from set-off, with phone and photo', async () => {
    const live = await makeOperator(db, 'livemap', { mode: 'automatic' });
    const onTrip = await placeDriver(db, live, 'On Trip', 1);
    const offered = await placeDriver(db, live, 'Offered', 2);
    const free = await placeDriver(db, live, 'Free', 3);
    const offline = await placeDriver(db, live, 'Offline', 4, { driver: { online: false } });
    const trip = await bookAt(db, live, 30);
    await applyRideAction(db, live.id, live.partnerId, trip.id, { action: 'accept', driverId: onTrip.id, vehicleId: onTrip.vehicleId });
    const waiting = await bookAt(db, live, 2);
    await offerNext(db, waiting.id);
    const snapshot = await fleetSnapshot(db, live.id);
    const stateOf = (id: number) => snapshot.drivers.find((d) => d.id === id)?.state;
    // the accepted ride is tomorrow: its driver is not on the way, and nearest for the ride in two hours
    expect([stateOf(onTrip.id), stateOf(offered.id), stateOf(free.id), stateOf(offline.id)]).toEqual(['offered', 'free', 'free', 'offline']);
    expect(snapshot.rides.map((r) => r.id)).toContain(waiting.number);

    const viewer = { user: { userId: live.riderId, businessId: live.id, role: 'travelsx-user' } } as never;
    const before = await rideTracking(db, live.id, trip.id, viewer);
    expect(before.driver).toMatchObject({ name: 'On Trip', phone: expect.stringMatching(/^\+91\d{10}$/), position: null });
    expect(before.driver?.sharesFrom).not.toBeNull();
    await db.update(rides).set({ setOffAt: new Date() }).where(eq(rides.id, trip.id));
    const after = await rideTracking(db, live.id, trip.id, viewer);
    expect(after.driver).toMatchObject({ position: expect.objectContaining({ lat: expect.any(Number) }), sharesFrom: null });
    const moved = await fleetSnapshot(db, live.id);
    expect(moved.drivers.find((d) => d.id === onTrip.id)).toMatchObject({ state: 'ontheway', rideId: trip.number });
  });

  it('puts a driver on the way from the share lead before pickup, set off or not (what the rider sees too)', async () => {
    // a share lead of two days: tomorrow's ride is within it
    const early = await makeOperator(db, 'sharelead', { mode: 'manual', shareLeadMinutes: 48 * 60 });
    const driver = await placeDriver(db, early, 'Early', 2);
    const ride = await bookAt(db, early, 30);
    await applyRideAction(db, early.id, early.partnerId, ride.id, { action: 'accept', driverId: driver.id, vehicleId: driver.vehicleId });
    const snapshot = await fleetSnapshot(db, early.id);
    expect(snapshot.drivers.find((d) => d.id === driver.id)).toMatchObject({ state: 'ontheway', rideId: ride.number });
  });
});
