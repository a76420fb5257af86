/**
 * A room emit reaches this instance's own sockets at once, whatever the
 * adapter's NOTIFY to the other instances is waiting on, and still reaches the
 * other instances (lib/realtime/local-first.ts), on PostgreSQL only
 * (TEST_DATABASE_URL; PGlite runs one process with no adapter). Two socket.io
 * servers ("instances" A and B) share the PostgreSQL adapter as
 * lib/realtime/server.ts wires it; A's sending connections are all held, as a
 * burst of emits under load holds them, while A emits.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool, type PoolClient } from 'pg';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { io as connect, type Socket } from 'socket.io-client';
import { listenerPool, listenersDown, logPoolErrors } from '@/lib/db/pg-errors';
import { localFirst } from '@/lib/realtime/local-first';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? it : it.skip;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const grace = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${String(check)}`);
    await sleep(20);
  }
}

type Instance = { io: Server; http: HttpServer; pool: Pool; forget: () => void; port: number };

const POOL_SIZE = 3;

async function instance(name: string): Promise<Instance> {
  const pool = logPoolErrors(new Pool({ connectionString: url, max: POOL_SIZE }), `socket.io ${name}`);
  const listener = listenerPool(pool, `adapter ${name}`);
  const http = createServer();
  const io = new Server(http, { adapter: localFirst(createAdapter(listener.pool)) });
  io.on('connection', (socket) => void socket.join('business:1'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { io, http, pool, forget: listener.forget, port: (http.address() as AddressInfo).port };
}

async function close(instance: Instance): Promise<void> {
  await instance.io.of('/').adapter.close();
  instance.forget();
  await new Promise<void>((resolve) => void instance.io.close(() => resolve()));
  await Promise.race([instance.pool.end(), grace(2_000)]);
}

describe('a room emit with the PostgreSQL adapter', () => {
  onPostgres(
    'reaches this instance’s sockets while its NOTIFY waits, and the other instance’s once it is sent',
    async () => {
      const a = await instance('A');
      const b = await instance('B');
      const sockets: Socket[] = [];
      const held: PoolClient[] = [];
      try {
        const heardOnA: number[] = [];
        const heardOnB: number[] = [];
        for (const [port, heard] of [
          [a.port, heardOnA],
          [b.port, heardOnB],
        ] as const) {
          const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
          socket.on('rideChanged', (n: number) => heard.push(n));
          sockets.push(socket);
        }
        await until(() => sockets.every((s) => s.connected) && listenersDown().length === 0);
        // B hears A: the adapter is joined
        await until(() => {
          a.io.to('business:1').emit('rideChanged', 1);
          return heardOnB.includes(1);
        });

        // every connection of A's pool but its LISTENing one, held (once the NOTIFYs above are sent): A's next wait for one
        for (let i = 0; i < POOL_SIZE - 1; i++) held.push(await a.pool.connect());
        a.io.to('business:1').emit('rideChanged', 2);
        await until(() => heardOnA.includes(2), 1_000);
        await sleep(300);
        expect(heardOnB).not.toContain(2);

        for (const client of held.splice(0)) client.release();
        await until(() => heardOnB.includes(2), 5_000);
        expect(heardOnA.filter((n) => n === 2)).toHaveLength(1);
      } finally {
        for (const client of held) client.release();
        for (const socket of sockets) socket.disconnect();
        await close(a);
        await close(b);
      }
    },
    30_000,
  );
});
