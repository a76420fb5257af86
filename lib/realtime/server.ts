import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Pool } from 'pg';
import { logger } from '@/lib/log';
import { listenerPool, logPoolErrors } from '@/lib/db/pg-errors';
import { getDb } from '@/lib/db/client';
import { readSession, SESSION_COOKIE, type SessionUser } from '@/lib/auth/session';
import { onRideUpdate } from '@/lib/flights/ride-updates';
import { onRideChange } from '@/lib/rides/notify';
import { resolveTenantForHost } from '@/lib/tenancy/resolve';
import { isAllowedOrigin } from '@/lib/http/origin';
import { businessRoom, riderRoom, RESYNC_EVENT, RIDE_EVENT } from './events';
import { registerChat } from './chat';
import { registerDriverTracking } from './driver';
import { registerOfferEvents } from './dispatch';
import { registerFleetChanges } from './fleet';
import { localFirst } from './local-first';
import { cookieValue } from '@/lib/http/cookies';

const globalForIo = globalThis as unknown as { __travelsxIo?: Server; __travelsxIoPool?: Pool; __travelsxIoForget?: () => void };

/** Connections of socket.io's PostgreSQL adapter per instance: one LISTENs, the others send. */
const ADAPTER_POOL_SIZE = 3;

const PARTNER_ROLES = new Set(['travelsx-partner', 'deliverx-partner']);

/** Joins a socket to its user's rooms: the business room for partners, the rider's own room for riders. */
async function authenticate(socket: Socket): Promise<SessionUser | undefined> {
  const { headers } = socket.handshake;
  const resolved = await resolveTenantForHost(headers.host);
  if (!resolved) return undefined;
  const bearer = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
  const token = bearer ?? cookieValue(headers.cookie, SESSION_COOKIE);
  return token ? readSession(await getDb(), token, resolved.tenant.id) : undefined;
}

/**
 * socket.io on the app's HTTP server: a handshake must come from a tenant's own
 * origin; a signed-in user joins its rooms. Ride changes made in this process
 * reach the business's consoles and the rider. With `databaseUrl` (PostgreSQL)
 * socket.io's PostgreSQL adapter carries every room emit (ride changes, new
 * bookings, chat replies, driver positions) to the sockets of every instance
 * by LISTEN/NOTIFY; without it (PGlite, one process) rooms are this process's.
 */
export async function attachSocketServer(httpServer: HttpServer, options: { databaseUrl?: string } = {}): Promise<Server> {
  let adapter: Parameters<Server['adapter']>[0] | undefined;
  if (options.databaseUrl) {
    const [{ Pool: PgPool }, { createAdapter }] = await Promise.all([import('pg'), import('@socket.io/postgres-adapter')]);
    const pool = logPoolErrors(
      new PgPool({ connectionString: options.databaseUrl, max: ADAPTER_POOL_SIZE, application_name: 'travelsx-socket.io' }),
      'socket.io',
    );
    globalForIo.__travelsxIoPool = pool;
    // its LISTENing connection: a lost one is logged and given back to the pool, and the adapter takes another (lib/db/pg-errors.ts)
    const listener = listenerPool(pool, 'socket.io adapter', {
      // events from other instances were lost while it was down: this instance's screens read again
      onRestored: () => {
        logger.info('socket.io adapter listening again: clients read again');
        globalForIo.__travelsxIo?.local.emit(RESYNC_EVENT);
      },
    });
    globalForIo.__travelsxIoForget = listener.forget;
    // a room emit reaches this instance's sockets at once, not after its NOTIFY (lib/realtime/local-first.ts)
    adapter = localFirst(createAdapter(listener.pool, { errorHandler: (error: Error) => logger.warn({ err: error }, 'socket.io adapter error') }));
  }
  const io = new Server(httpServer, {
    serveClient: false,
    ...(adapter ? { adapter } : {}),
    allowRequest: (req, callback) => {
      resolveTenantForHost(req.headers.host)
        .then((resolved) => callback(null, Boolean(resolved) && isAllowedOrigin(req.headers.origin, req.headers.host)))
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'socket handshake check failed');
          callback(null, false);
        });
    },
  });
  io.on('connection', (socket) => {
    authenticate(socket)
      .then((user) => {
        if (!user) return;
        socket.data.user = user;
        void socket.join(PARTNER_ROLES.has(user.role) ? businessRoom(user.businessId) : riderRoom(user.userId));
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'socket session check failed'));
  });
  registerChat(io);
  registerDriverTracking(io);
  registerOfferEvents(io);
  registerFleetChanges(io);
  onRideChange(({ ride, from, to }) => {
    const payload = { id: ride.number, from, to, status: ride.status, createdAt: ride.createdAt.toISOString() };
    io.to(businessRoom(ride.businessId)).emit(RIDE_EVENT, payload);
    io.to(riderRoom(ride.riderId)).emit(RIDE_EVENT, payload);
  });
  // the same event with the status unchanged: screens read the ride again (its pickup followed its flight)
  onRideUpdate(({ ride }) => {
    const payload = { id: ride.number, from: ride.status, to: ride.status, status: ride.status, createdAt: ride.createdAt.toISOString() };
    io.to(businessRoom(ride.businessId)).emit(RIDE_EVENT, payload);
    io.to(riderRoom(ride.riderId)).emit(RIDE_EVENT, payload);
  });
  globalForIo.__travelsxIo = io;
  return io;
}

/** Sockets connected to this instance (metrics). */
export function socketConnections(): number {
  return globalForIo.__travelsxIo?.engine.clientsCount ?? 0;
}

/**
 * Shutdown: closes every client's transport (the browser's socket.io client
 * then reconnects by itself, through the load balancer to another instance;
 * a server-side disconnect would stop it from reconnecting), stops accepting
 * handshakes, and ends the adapter's connections.
 */
export async function closeSocketServer(): Promise<void> {
  const io = globalForIo.__travelsxIo;
  globalForIo.__travelsxIo = undefined;
  if (io) {
    io.engine.close();
    await new Promise<void>((resolve) => {
      // io.close() also closes the HTTP server; it answers once it has stopped listening.
      void io.close(() => resolve());
    });
  }
  const pool = globalForIo.__travelsxIoPool;
  globalForIo.__travelsxIoPool = undefined;
  globalForIo.__travelsxIoForget?.();
  globalForIo.__travelsxIoForget = undefined;
  await pool?.end().catch(() => undefined);
}
