import type { Server, Socket } from 'socket.io';
import { getDb } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import { validationText } from '@/lib/errors/validation-text';
import { readSession, SESSION_COOKIE, type SessionUser } from '@/lib/auth/session';
import { recordDriverLocations, type LocationEntry, type LocationResult } from '@/lib/driver/location';
import { driverLocationSchema, type DriverLocation } from '@/lib/driver/schemas';
import {
  DRIVER_LOCATION_EVENT,
  DRIVER_POSITION_EVENT,
  driverRoom,
  RIDE_STATUS_EVENT,
  rideRoom,
  TRACK_RIDE_EVENT,
  type DriverPositionEvent,
  type SocketAck,
} from '@/lib/driver/events';
import { logger } from '@/lib/log';
import { MAX_ID } from '@/lib/db/ids';
import { rideIdOrNotFound } from '@/lib/rides/numbers';
import { onRideUpdate } from '@/lib/flights/ride-updates';
import { onRideChange } from '@/lib/rides/notify';
import { resolveTenantForHost } from '@/lib/tenancy/resolve';
import { ENDED_STATUSES, watchableRide } from '@/lib/tracking/ride-access';
import { RIDE_EVENT } from './events';
import { cookieValue } from '@/lib/http/cookies';
import { queueFleetPosition } from './fleet';
import { driverUserId } from './known-ids';

/** A driver's position is stored and broadcast at most once per this many ms; the newest one waiting goes out when it ends. */
export const LOCATION_MIN_INTERVAL_MS = 1000;

type Identity = { businessId: number; user: SessionUser | undefined };
type Throttle = { last: number; pending?: DriverLocation; timer?: ReturnType<typeof setTimeout> };

const throttles = new Map<string, Throttle>();

const failure = (code: string, message: string): SocketAck => ({ ok: false, error: { code, message } });

function toAck(error: unknown): SocketAck {
  if (error instanceof DomainError) return failure(error.code, error.message);
  logger.error({ err: error }, 'driver tracking event failed');
  return failure('internal', 'Something went wrong. Try again later.');
}

function reply(ack: unknown, result: SocketAck): void {
  if (typeof ack === 'function') ack(result);
}

/** The handshake's tenant and session (cookie or `auth.token`), read once per connection. */
async function identify(socket: Socket): Promise<Identity | undefined> {
  const { headers, auth } = socket.handshake;
  const resolved = await resolveTenantForHost(headers.host);
  if (!resolved) return undefined;
  const token = typeof auth?.token === 'string' ? auth.token : cookieValue(headers.cookie, SESSION_COOKIE);
  const user = token ? await readSession(await getDb(), token, resolved.tenant.id) : undefined;
  return { businessId: resolved.tenant.id, user };
}

/** At most this many positions in one write (two statements); more wait for the next. */
const MAX_BATCH = 500;

type Waiting = LocationEntry & { done: (result: LocationResult | DomainError | Error) => void };
const waiting: Waiting[] = [];
let writing = false;

/**
 * Positions go to the database in batches: the first one at once, those arriving while a write is on its way
 * together in the next (recordDriverLocations: two statements however many), so a quiet fleet waits for
 * nothing and a busy one costs a few statements a second instead of two per position.
 */
function queueLocation(entry: LocationEntry): Promise<LocationResult | DomainError | Error> {
  return new Promise((done) => {
    waiting.push({ ...entry, done });
    if (!writing) void writeWaiting();
  });
}

async function writeWaiting(): Promise<void> {
  writing = true;
  try {
    while (waiting.length) {
      const batch = waiting.splice(0, MAX_BATCH);
      try {
        const results = await recordDriverLocations(await getDb(), batch);
        batch.forEach((entry, i) => entry.done(results[i]));
      } catch (error) {
        for (const entry of batch) entry.done(error instanceof Error ? error : new Error(String(error)));
      }
    }
  } finally {
    writing = false;
  }
}

async function storeAndBroadcast(io: Server, who: { businessId: number; userId: number }, point: DriverLocation): Promise<SocketAck> {
  const result = await queueLocation({ ...who, point });
  if (result instanceof Error) return toAck(result);
  if (!result.stored) return { ok: true, ignored: result.verdict };
  const at = result.at.toISOString();
  for (const ride of result.rides)
    io.to(rideRoom(ride.id)).emit(DRIVER_POSITION_EVENT, { rideId: ride.number, lat: point.lat, lng: point.lng, at } satisfies DriverPositionEvent);
  queueFleetPosition(io, who.businessId, { driverId: result.driverId, lat: point.lat, lng: point.lng, at });
  return { ok: true };
}

/** At most one write per driver per interval; positions arriving meanwhile replace each other and the newest is sent at its end. */
function throttledStore(io: Server, who: { businessId: number; userId: number }, point: DriverLocation): Promise<SocketAck> {
  const key = `${who.businessId}:${who.userId}`;
  const state = throttles.get(key) ?? { last: 0 };
  throttles.set(key, state);
  const wait = state.last + LOCATION_MIN_INTERVAL_MS - Date.now();
  if (wait <= 0 && !state.timer) {
    state.last = Date.now();
    return storeAndBroadcast(io, who, point);
  }
  state.pending = point;
  state.timer ??= setTimeout(
    () => {
      const next = state.pending;
      state.timer = undefined;
      state.pending = undefined;
      state.last = Date.now();
      if (next) void storeAndBroadcast(io, who, next);
    },
    Math.max(0, wait),
  );
  return Promise.resolve({ ok: true });
}

async function onDriverLocation(io: Server, identity: Promise<Identity | undefined>, payload: unknown): Promise<SocketAck> {
  const parsed = driverLocationSchema.safeParse(payload);
  if (!parsed.success) return failure('bad_request', validationText(parsed.error.issues[0].message));
  const who = await identity;
  if (!who?.user) return failure('unauthorized', 'Sign in to continue.');
  if (who.user.role !== 'travelsx-driver') return failure('forbidden', 'Only drivers share their location.');
  return throttledStore(io, { businessId: who.businessId, userId: who.user.userId }, parsed.data);
}

async function onTrackRide(socket: Socket, identity: Promise<Identity | undefined>, payload: unknown): Promise<SocketAck> {
  const body = (payload ?? {}) as { rideId?: unknown; token?: unknown };
  const rideNumber = Number(body.rideId);
  const token = typeof body.token === 'string' ? body.token : undefined;
  if (!Number.isSafeInteger(rideNumber) || rideNumber <= 0 || rideNumber > MAX_ID) return failure('not_found', 'This ride was not found.');
  const who = await identity;
  if (!who) return failure('not_found', 'No travel operator answers on this host.');
  if (!who.user && token === undefined) return failure('unauthorized', 'Sign in to continue.');
  try {
    const db = await getDb();
    const rideId = await rideIdOrNotFound(db, who.businessId, rideNumber);
    await watchableRide(db, who.businessId, rideId, { user: who.user, token });
    await socket.join(rideRoom(rideId));
    return { ok: true };
  } catch (error) {
    return toAck(error);
  }
}

/**
 * Live driver tracking on the app's socket.io server: a viewer allowed to see
 * a ride (partner, rider, its driver, or a live share token) joins
 * `ride:{id}` with `trackRide`; a signed-in driver sends `driverLocation`
 * {lat, lng, at} while online or on a ride, stored (rate-limited), sent to
 * the operator's fleet map and to the rooms of their rides whose rider sees
 * them live (lib/driver/location) as `driverPosition`. Ride changes reach the ride's room
 * and its driver's own room; a ride that ends empties its room.
 */
export function registerDriverTracking(io: Server): void {
  io.on('connection', (socket) => {
    const identity = identify(socket).catch((error: unknown) => {
      logger.warn({ err: error }, 'driver tracking session check failed');
      return undefined;
    });
    void identity.then((who) => (who?.user?.role === 'travelsx-driver' ? socket.join(driverRoom(who.user.userId)) : undefined));
    socket.on(DRIVER_LOCATION_EVENT, (payload: unknown, ack?: unknown) => {
      void onDriverLocation(io, identity, payload).then((result) => reply(ack, result));
    });
    socket.on(TRACK_RIDE_EVENT, (payload: unknown, ack?: unknown) => {
      void onTrackRide(socket, identity, payload).then((result) => reply(ack, result));
    });
  });
  onRideChange(async ({ ride, from, to, previousDriverId }) => {
    const room = rideRoom(ride.id);
    io.to(room).emit(RIDE_STATUS_EVENT, { rideId: ride.number, status: ride.status });
    if (ENDED_STATUSES.includes(ride.status)) io.in(room).socketsLeave(room);
    const event = { id: ride.number, from, to, status: ride.status, createdAt: ride.createdAt.toISOString() };
    // The ride's driver, and on a reassignment the driver it was taken from (their list drops it).
    for (const driverId of new Set([ride.driverId, previousDriverId])) {
      const userId = driverId ? await driverUserId(driverId) : undefined;
      if (userId) io.to(driverRoom(userId)).emit(RIDE_EVENT, event);
    }
  });
  onRideUpdate(async ({ ride }) => {
    const userId = ride.driverId ? await driverUserId(ride.driverId) : undefined;
    if (userId)
      io.to(driverRoom(userId)).emit(RIDE_EVENT, {
        id: ride.number,
        from: ride.status,
        to: ride.status,
        status: ride.status,
        createdAt: ride.createdAt.toISOString(),
      });
  });
}
