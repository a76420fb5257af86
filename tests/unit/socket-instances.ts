/**
 * Socket.io "instances" joined by the PostgreSQL adapter, wired as
 * lib/realtime/server.ts wires them (listenerPool, localFirst), for the tests
 * of events across instances on PostgreSQL (TEST_DATABASE_URL).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { listenerPool, logPoolErrors } from '@/lib/db/pg-errors';
import { localFirst } from '@/lib/realtime/local-first';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// a bound on a close that does not keep the process alive once the close is done
const grace = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

export async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${String(check)}`);
    await sleep(20);
  }
}

type Instance = { io: Server; http: HttpServer; pool: Pool; forget: () => void; port: number };

/** The adapter's pool size of an instance (one connection LISTENs, the others send). */
export const ADAPTER_POOL = 3;

/** An instance on `url` whose sockets all join `business:1`; `onRestored` as listenerPool's. */
export async function instance(
  url: string | undefined,
  name: string,
  options: { onRestored?: (io: Server) => void; aloneAfterMs?: number } = {},
): Promise<Instance> {
  const pool = logPoolErrors(new Pool({ connectionString: url, max: ADAPTER_POOL }), `socket.io ${name}`);
  const holder: { io?: Server } = {};
  const listener = listenerPool(pool, `adapter ${name}`, { onRestored: () => holder.io && options.onRestored?.(holder.io) });
  const http = createServer();
  const io = new Server(http, { adapter: localFirst(createAdapter(listener.pool), { aloneAfterMs: options.aloneAfterMs }) });
  holder.io = io;
  io.on('connection', (socket) => void socket.join('business:1'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { io, http, pool, forget: listener.forget, port: (http.address() as AddressInfo).port };
}

export async function close(instance: Instance): Promise<void> {
  await instance.io.of('/').adapter.close();
  instance.forget();
  await new Promise<void>((resolve) => void instance.io.close(() => resolve()));
  await Promise.race([instance.pool.end(), grace(2_000)]);
}
