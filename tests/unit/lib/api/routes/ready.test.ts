/**
 * Readiness (/api/ready): 200 when every part it covers is up, 503 with the
 * reason when one is not. A hung or failing database write and a nearly full
 * disk come through the route's own seam (setReadyProbesForTests); a database
 * call the watchdog times (lib/db/watchdog.ts) is one this test holds open; the
 * rest of the route runs as it is.
 */
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { GET, READY_DB_TIMEOUT_MS, setReadyProbesForTests } from '@/lib/api/routes/health/ready';
import { freeBytesAt } from '@/lib/db/free-space';
import { listenerPool } from '@/lib/db/pg-errors';
import { refuseWhileDatabaseStalled, startDatabaseWatchdog, trackDatabaseCall } from '@/lib/db/watchdog';
import { callApi } from '../../../api';
import { closeTestDb, openTestDb } from '../../../db';

beforeAll(async () => {
  await openTestDb();
});
afterAll(closeTestDb);
afterEach(() => setReadyProbesForTests());

async function ready(): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await GET();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('/api/ready', () => {
  it('is 200 with the database answering', async () => {
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('is 503 when the database does not take a write in time, or fails it', async () => {
    setReadyProbesForTests({ write: () => new Promise(() => undefined) });
    // the write never ends: the 503 can only come from the deadline
    expect(await ready()).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: `the database did not take a write within ${READY_DB_TIMEOUT_MS} ms` },
    });
    setReadyProbesForTests({ write: () => Promise.reject(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device')) });
    expect((await ready()).status).toBe(503);
  });

  it('is 503 when the data directory has less free disk than READY_MIN_FREE_MB (256 MiB by default)', async () => {
    setReadyProbesForTests({ freeBytes: async () => 255 * 1024 * 1024 });
    expect(await ready()).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: "less than 256 MiB free on the data directory's disk", freeMb: 255 },
    });
    setReadyProbesForTests({ freeBytes: async () => 256 * 1024 * 1024 });
    expect((await ready()).status).toBe(200);
  });

  it('is 503 while a database call has waited over a third of DB_WATCHDOG_MS, and API requests are refused with 503 meanwhile', async () => {
    // the in-process part only: the Worker would end this process (tests/unit/lib/db/watchdog.test.ts runs it in a child)
    const watchdog = startDatabaseWatchdog(1_500, { worker: false });
    let answer = () => undefined as void;
    const call = trackDatabaseCall(() => new Promise<void>((resolve) => (answer = resolve)));
    try {
      expect((await ready()).status).toBe(200);
      expect(() => refuseWhileDatabaseStalled()).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 600));
      const stalled = await ready();
      expect(stalled.status).toBe(503);
      expect(stalled.body).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/^a database call has not answered for \d+ s$/) });
      expect(stalled.body.stalledMs).toBeGreaterThan(500);
      // any API route, before it reads its operator or session from the database
      const response = await callApi(new Request('http://localhost:3000/api/rides', { headers: { host: 'localhost:3000' } }));
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: 'database_unavailable', key: 'databaseUnavailable' });
    } finally {
      answer();
      await call;
    }
    expect((await ready()).status).toBe(200);
    expect(() => refuseWhileDatabaseStalled()).not.toThrow();
    await watchdog.stop();
  });

  it('reads free space with statfs, from the nearest existing parent of a directory not made yet', async () => {
    const here = await freeBytesAt(os.tmpdir());
    expect(here).toBeGreaterThan(0);
    const later = await freeBytesAt(path.join(os.tmpdir(), 'not-made-yet', 'pglite'));
    expect(Math.abs(later - here)).toBeLessThan(64 * 1024 * 1024);
  });

  it("is 503 while socket.io's adapter's listening connection is down, 200 once it is forgotten", async () => {
    // a pool that never connects: its listener is down from the start
    const pool = new Pool({ host: '127.0.0.1', port: 1 });
    const listener = listenerPool(pool, 'socket.io adapter');
    try {
      expect(await ready()).toEqual({ status: 503, body: { status: 'reconnecting', connections: ['socket.io adapter'] } });
    } finally {
      listener.forget();
      await pool.end();
    }
    expect((await ready()).status).toBe(200);
  });
});
