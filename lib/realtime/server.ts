import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { logger } from '@/lib/log';
import { getDb } from '@/lib/db/client';
import { readSession, SESSION_COOKIE, type SessionUser } from '@/lib/auth/session';
import { onRideChange } from '@/lib/rides/notify';
import { resolveTenantForHost } from '@/lib/tenancy/resolve';
import { isAllowedOrigin } from '@/lib/http/origin';
import { businessRoom, riderRoom, RIDE_EVENT } from './events';
import { registerChat } from './chat';
import { registerDriverTracking } from './driver';
import { cookieValue } from '@/lib/http/cookies';

const globalForIo = globalThis as unknown as { __travelsxIo?: Server };

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
 * origin; a signed-in user joins its rooms. Ride changes committed anywhere in
 * the process reach the business's consoles and the rider.
 */
export function attachSocketServer(httpServer: HttpServer): Server {
  const io = new Server(httpServer, {
    serveClient: false,
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
  onRideChange(({ ride, from, to }) => {
    const payload = { id: ride.number, from, to, status: ride.status, createdAt: ride.createdAt.toISOString() };
    io.to(businessRoom(ride.businessId)).emit(RIDE_EVENT, payload);
    io.to(riderRoom(ride.riderId)).emit(RIDE_EVENT, payload);
  });
  globalForIo.__travelsxIo = io;
  return io;
}

export function getSocketServer(): Server | undefined {
  return globalForIo.__travelsxIo;
}
