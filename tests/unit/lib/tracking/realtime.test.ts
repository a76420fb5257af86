import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { drivers, rides } from '@/lib/db/schema';
import { createShareLink } from '@/lib/rides/tracking';
import { transitionRide } from '@/lib/rides/lifecycle';
import { LOCATION_MIN_INTERVAL_MS, registerDriverTracking } from '@/lib/realtime/driver';
import { RIDE_EVENT } from '@/lib/realtime/events';
import {
  DRIVER_LOCATION_EVENT,
  DRIVER_POSITION_EVENT,
  RIDE_STATUS_EVENT,
  TRACK_RIDE_EVENT,
  type DriverPositionEvent,
  type SocketAck,
} from '@/lib/driver/events';
import type { Db } from '@/lib/db/client';
import type { Ride } from '@/lib/db/schema';
import { closeTestDb, openTestDb } from '../../db';
import { seedWorld, type World } from './fixture';

let db: Db;
let world: World;
let ride: Ride;
let token: string;
let http: HttpServer;
let io: Server;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  db = await openTestDb();
  world = await seedWorld(db);
  ride = await world.book('live-0001');
  // the driver has set off for the pickup: the rider and the link see them live from now on
  await db.update(rides).set({ setOffAt: new Date() }).where(eq(rides.id, ride.id));
  token = (await createShareLink(db, world.demo.id, world.rider.userId, ride.id)).token;
  http = createServer();
  io = new Server(http);
  registerDriverTracking(io);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://localhost:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await new Promise((resolve) => setTimeout(resolve, LOCATION_MIN_INTERVAL_MS + 200));
  await io.close();
  await closeTestDb();
});

async function client(sessionToken?: string): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], forceNew: true, auth: sessionToken ? { token: sessionToken } : {} });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const ask = (socket: Socket, event: string, payload: unknown) => socket.timeout(5000).emitWithAck(event, payload) as Promise<SocketAck>;

function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

const driverRow = async (id: number) => (await db.select({ lat: drivers.lat, lng: drivers.lng }).from(drivers).where(eq(drivers.id, id)))[0];
// pushed events arrive in milliseconds; the limit only ends a test whose event never comes, on a machine of any load
const waitFor = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('live driver tracking over socket.io', () => {
  let rider: Socket;
  let viewer: Socket;
  let driver: Socket;

  it('lets the rider, the partner and a share link join the ride room, and no one else', async () => {
    rider = await client(world.rider.token);
    viewer = await client();
    driver = await client(world.ravi.token);
    expect(await ask(rider, TRACK_RIDE_EVENT, { rideId: ride.number })).toEqual({ ok: true });
    expect(await ask(await client(world.partner.token), TRACK_RIDE_EVENT, { rideId: ride.number })).toEqual({ ok: true });
    expect(await ask(viewer, TRACK_RIDE_EVENT, { rideId: ride.number, token })).toEqual({ ok: true });
    expect(await ask(await client(world.otherRider.token), TRACK_RIDE_EVENT, { rideId: ride.number })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await ask(await client(), TRACK_RIDE_EVENT, { rideId: ride.number })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await ask(await client(), TRACK_RIDE_EVENT, { rideId: ride.number, token: 'A'.repeat(43) })).toMatchObject({
      ok: false,
      error: { code: 'link_invalid' },
    });
  });

  it('refuses positions out of range or from non-drivers, storing nothing', async () => {
    expect(await ask(driver, DRIVER_LOCATION_EVENT, { lat: 95, lng: 80 })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Latitude must be between -90 and 90' },
    });
    expect(await ask(driver, DRIVER_LOCATION_EVENT, { lat: 13, lng: -200 })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await ask(driver, DRIVER_LOCATION_EVENT, 'here')).toMatchObject({ ok: false });
    expect(await ask(rider, DRIVER_LOCATION_EVENT, { lat: 13, lng: 80 })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await ask(viewer, DRIVER_LOCATION_EVENT, { lat: 13, lng: 80 })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await ask(await client(world.mani.token), DRIVER_LOCATION_EVENT, { lat: 13, lng: 80 })).toMatchObject({
      ok: false,
      error: { code: 'not_sharing' },
    });
    expect(await driverRow(world.ravi.driverId)).toEqual({ lat: null, lng: null });
    expect(await driverRow(world.mani.driverId)).toEqual({ lat: null, lng: null });
  });

  it('stores the driver’s position and moves it for the rider and the link viewer at once', async () => {
    const seenByRider = collect<DriverPositionEvent>(rider, DRIVER_POSITION_EVENT);
    const seenByViewer = collect<DriverPositionEvent>(viewer, DRIVER_POSITION_EVENT);
    expect(await ask(driver, DRIVER_LOCATION_EVENT, { lat: 13.0604, lng: 80.2496 })).toEqual({ ok: true });
    await waitFor(() => seenByRider.length === 1 && seenByViewer.length === 1);
    expect(seenByRider[0]).toMatchObject({ rideId: ride.number, lat: 13.0604, lng: 80.2496 });
    expect(await driverRow(world.ravi.driverId)).toEqual({ lat: 13.0604, lng: 80.2496 });
    expect(await driverRow(world.mani.driverId)).toEqual({ lat: null, lng: null });
  });

  it('ignores a position 500 km away 5 s later: acknowledged as ignored, never drawn or stored', async () => {
    await new Promise((resolve) => setTimeout(resolve, LOCATION_MIN_INTERVAL_MS));
    const seen = collect<DriverPositionEvent>(rider, DRIVER_POSITION_EVENT);
    expect(await ask(driver, DRIVER_LOCATION_EVENT, { lat: 17.55, lng: 80.2496, at: Date.now() + 5000 })).toEqual({ ok: true, ignored: 'jump' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
    expect(await driverRow(world.ravi.driverId)).toEqual({ lat: 13.0604, lng: 80.2496 });
  });

  it('rate-limits a driver to one write per interval and sends the newest waiting position at its end', async () => {
    const seen = collect<DriverPositionEvent>(rider, DRIVER_POSITION_EVENT);
    // a car's moves (20 m apart): a jump no car makes would be ignored (lib/dispatch/positions)
    expect(await ask(driver, DRIVER_LOCATION_EVENT, { lat: 13.0606, lng: 80.2496 })).toEqual({ ok: true });
    expect(await ask(driver, DRIVER_LOCATION_EVENT, { lat: 13.0608, lng: 80.2496 })).toEqual({ ok: true });
    await waitFor(() => seen.some((p) => p.lat === 13.0608), LOCATION_MIN_INTERVAL_MS + 1500);
    expect(seen.map((p) => p.lat)).not.toContain(13.0606);
    expect(await driverRow(world.ravi.driverId)).toEqual({ lat: 13.0608, lng: 80.2496 });
  });

  it('tells the room and the driver when the ride changes, and closes the link when it ends', async () => {
    const statuses = collect<{ rideId: number; status: string }>(viewer, RIDE_STATUS_EVENT);
    const driverEvents = collect<{ id: number; status: string }>(driver, RIDE_EVENT);
    await transitionRide(db, { businessId: world.demo.id, rideId: ride.id, to: 'ontrip', actorUserId: null, startCode: ride.startCode });
    await waitFor(() => statuses.length === 1 && driverEvents.length === 1);
    expect(statuses[0]).toEqual({ rideId: ride.number, status: 'ontrip' });
    expect(driverEvents[0]).toMatchObject({ id: ride.number, status: 'ontrip' });
    await transitionRide(db, { businessId: world.demo.id, rideId: ride.id, to: 'completed', actorUserId: null });
    await waitFor(() => statuses.length === 2);
    expect(statuses[1]).toEqual({ rideId: ride.number, status: 'completed' });
    expect(await ask(await client(), TRACK_RIDE_EVENT, { rideId: ride.number, token })).toMatchObject({ ok: false, error: { code: 'link_expired' } });
    await new Promise((resolve) => setTimeout(resolve, LOCATION_MIN_INTERVAL_MS));
    expect(await ask(driver, DRIVER_LOCATION_EVENT, { lat: 13.061, lng: 80.2496 })).toMatchObject({ ok: false, error: { code: 'not_sharing' } });
  });
});
