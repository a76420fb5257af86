import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { logger } from '@/lib/log';
import { resolveTenantForHost } from '@/lib/tenancy/resolve';
import { isAllowedOrigin } from '@/lib/api/origin';

const globalForIo = globalThis as unknown as { __travelsxIo?: Server };

/** socket.io on the app's HTTP server; a handshake must come from a tenant's own origin. */
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
  globalForIo.__travelsxIo = io;
  return io;
}

export function getSocketServer(): Server | undefined {
  return globalForIo.__travelsxIo;
}
