/**
 * A room emit reaches this instance's own sockets at once, whatever the
 * adapter's NOTIFY to the other instances is waiting on, and still reaches the
 * other instances (lib/realtime/local-first.ts), on PostgreSQL only
 * (TEST_DATABASE_URL; PGlite runs one process with no adapter). Two socket.io
 * servers ("instances" A and B) share the PostgreSQL adapter as
 * lib/realtime/server.ts wires it; A's sending connections are all held, as a
 * burst of emits under load holds them, while A emits.
 */
import { Client, type PoolClient } from 'pg';
import { MessageType } from 'socket.io-adapter';
import { io as connect, type Socket } from 'socket.io-client';
import { listenersDown } from '@/lib/db/pg-errors';
import { ADAPTER_POOL, close, instance, sleep, until } from '../../socket-instances';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? it : it.skip;

describe('a room emit with the PostgreSQL adapter', () => {
  onPostgres(
    'reaches this instance’s sockets while its NOTIFY waits, and the other instance’s once it is sent',
    async () => {
      const a = await instance(url, 'A');
      const b = await instance(url, 'B');
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
        for (let i = 0; i < ADAPTER_POOL - 1; i++) held.push(await a.pool.connect());
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

  onPostgres(
    'is sent to no other instance while none is there, and again once one starts',
    async () => {
      // the room emits A sends to other instances, as the adapter's channel carries them
      const watcher = new Client({ connectionString: url });
      await watcher.connect();
      let sent = 0;
      watcher.on('notification', (n) => {
        if (n.payload && (JSON.parse(n.payload) as { type?: number }).type === MessageType.BROADCAST) sent += 1;
      });
      await watcher.query('LISTEN "socket.io#/"');
      const a = await instance(url, 'A', { aloneAfterMs: 500 });
      const sockets: Socket[] = [];
      let b: Awaited<ReturnType<typeof instance>> | undefined;
      try {
        const heardOnA: number[] = [];
        const heardOnB: number[] = [];
        const onA = connect(`http://127.0.0.1:${a.port}`, { transports: ['websocket'] });
        onA.on('rideChanged', (n: number) => heardOnA.push(n));
        sockets.push(onA);
        await until(() => onA.connected);
        // alone since its start: after the window, its emits reach its own sockets and nobody else's
        await sleep(700);
        a.io.to('business:1').emit('rideChanged', 1);
        await until(() => heardOnA.includes(1), 1_000);
        await sleep(300);
        expect(sent).toBe(0);

        // B starts and announces itself: A sends again, and B's socket hears A
        b = await instance(url, 'B', { aloneAfterMs: 500 });
        const onB = connect(`http://127.0.0.1:${b.port}`, { transports: ['websocket'] });
        onB.on('rideChanged', (n: number) => heardOnB.push(n));
        sockets.push(onB);
        await until(() => onB.connected && listenersDown().length === 0);
        await until(() => {
          a.io.to('business:1').emit('rideChanged', 2);
          return heardOnB.includes(2);
        }, 5_000);
        expect(sent).toBeGreaterThan(0);
      } finally {
        for (const socket of sockets) socket.disconnect();
        await close(a);
        if (b) await close(b);
        await watcher.end();
      }
    },
    30_000,
  );
});
