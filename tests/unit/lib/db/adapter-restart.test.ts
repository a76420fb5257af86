/**
 * Live events across instances after the database comes back (issue 36, item
 * 2), on PostgreSQL only (TEST_DATABASE_URL; skipped on PGlite): two socket.io
 * servers ("instances" A and B) joined by the PostgreSQL adapter on
 * `listenerPool`, wired as lib/realtime/server.ts wires them. Every database
 * connection is cut; B's listening connection comes back by itself, B tells its
 * own sockets to read again (`resync`), and an event emitted on A reaches a
 * browser socket on B within 5 s of the database answering again.
 * tests/unit/lib/db/pg-errors.test.ts covers `onRestored` without PostgreSQL.
 */
import { Client } from 'pg';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { recordUnhandledErrors } from '../../fake-postgres';
import { listenersDown } from '@/lib/db/pg-errors';
import { RESYNC_EVENT } from '@/lib/realtime/events';
import { close, instance, sleep, until } from '../../socket-instances';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? it : it.skip;
const resyncOnRestore = { onRestored: (io: Server) => io.local.emit(RESYNC_EVENT) };

describe('events cross instances again after the database returns', () => {
  onPostgres(
    'a socket on B is told to read again, and hears A within 5 s',
    async () => {
      const unhandled = recordUnhandledErrors();
      const admin = new Client({ connectionString: url });
      await admin.connect();
      const a = await instance(url, 'A', resyncOnRestore);
      const b = await instance(url, 'B', resyncOnRestore);
      let browser: Socket | undefined;
      try {
        browser = connect(`http://127.0.0.1:${b.port}`, { transports: ['websocket'] });
        const heard: number[] = [];
        let resyncs = 0;
        browser.on('rideChanged', (n: number) => heard.push(n));
        browser.on(RESYNC_EVENT, () => (resyncs += 1));
        await until(() => browser?.connected === true && listenersDown().length === 0);
        // before the cut: A's events reach B
        await until(() => {
          a.io.to('business:1').emit('rideChanged', 1);
          return heard.includes(1);
        });

        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()');
        await admin.end().catch(() => undefined);
        const probe = new Client({ connectionString: url });
        await probe.connect(); // the database answers again
        await probe.end();

        let n = 100;
        await until(() => {
          n += 1;
          a.io.to('business:1').emit('rideChanged', n);
          return heard.some((h) => h >= 100);
        }, 5_000);
        await until(() => resyncs >= 1, 5_000);
        // the browser socket itself never disconnected: only the resync tells it to read again
        expect(browser.connected).toBe(true);
        expect(unhandled).toEqual([]);
        // both adapters hold their listening connection again (closed before that, one would keep reconnecting after the test)
        await until(() => listenersDown().length === 0);
        await sleep(200);
      } finally {
        browser?.disconnect();
        await close(a);
        await close(b);
      }
    },
    60_000,
  );
});
