/**
 * Notices and locks between instances. On PGlite (one process) a topic runs in
 * this process only and keys queue in memory; with TEST_DATABASE_URL a raw
 * PostgreSQL connection plays "the other instance": its NOTIFY runs our
 * handler, our notice reaches its LISTEN, and its advisory lock holds our work.
 */
import { Client } from 'pg';
import { closeTestDb, openTestDb } from '../../db';
import {
  CLUSTER_CHANNEL,
  clusterBusState,
  clusterInstanceId,
  clusterTopic,
  NOTICE_MAX_BYTES,
  receiveNotice,
  startClusterBus,
  stopClusterBus,
} from '@/lib/cluster/bus';
import { advisoryKey, lockScope, serialised, startClusterLocks, stopClusterLocks } from '@/lib/cluster/lock';
import type { Db } from '@/lib/db/client';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? it : it.skip;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  if (url) {
    await startClusterBus(url, (db as unknown as { $client: { query: (t: string, v: unknown[]) => Promise<unknown> } }).$client);
    await startClusterLocks(url);
  }
});
afterAll(async () => {
  await stopClusterBus();
  await stopClusterLocks();
  await closeTestDb();
});

describe('cluster notices', () => {
  it('run the handler here at once, and a notice from another instance runs it again; our own echo does not', () => {
    const seen: string[] = [];
    const announce = clusterTopic<string>('test-local', (p) => {
      seen.push(p);
    });
    announce('here');
    expect(seen).toEqual(['here']);
    receiveNotice(JSON.stringify({ t: 'test-local', from: 'another-instance', p: 'there' }));
    receiveNotice(JSON.stringify({ t: 'test-local', from: clusterInstanceId(), p: 'echo' }));
    receiveNotice('not json');
    expect(seen).toEqual(['here', 'there']);
  });

  it('every bundle copy of a topic runs (the server and Next each hold one)', () => {
    const seen: string[] = [];
    clusterTopic<number>('test-copies', () => void seen.push('server copy'));
    const announce = clusterTopic<number>('test-copies', () => void seen.push('next copy'));
    announce(1);
    expect(seen.sort()).toEqual(['next copy', 'server copy']);
  });

  it('is local on PGlite and listening on PostgreSQL', () => {
    expect(clusterBusState()).toBe(url ? 'listening' : 'local');
    expect(lockScope()).toBe(url ? 'database' : 'process');
  });

  onPostgres('travel through PostgreSQL both ways, and a payload too large for NOTIFY becomes the coarser one', async () => {
    const other = new Client({ connectionString: url });
    await other.connect();
    try {
      const heard: { p: unknown; from: string }[] = [];
      other.on('notification', (m) => {
        // (the earlier tests' notices may still be on their way)
        const notice = JSON.parse(m.payload!) as { t: string; p: unknown; from: string };
        if (m.channel === CLUSTER_CHANNEL && notice.t === 'test-pg') heard.push(notice);
      });
      await other.query(`LISTEN ${CLUSTER_CHANNEL}`);
      const seen: unknown[] = [];
      const announce = clusterTopic<{ paths: string[] } | { all: true }>('test-pg', (p) => void seen.push(p), { tooLarge: () => ({ all: true }) });
      announce({ paths: ['/a'] });
      announce({ paths: [Array.from({ length: NOTICE_MAX_BYTES }, () => 'x').join('')] });
      await until(() => heard.length === 2);
      // two notices sent on two pooled connections may arrive in either order (purges do not care)
      expect(heard.map((h) => h.p)).toEqual(expect.arrayContaining([{ paths: ['/a'] }, { all: true }]));
      expect(heard.every((h) => h.from === clusterInstanceId())).toBe(true);
      await other.query('SELECT pg_notify($1, $2)', [CLUSTER_CHANNEL, JSON.stringify({ t: 'test-pg', from: 'instance-b', p: { paths: ['/from-b'] } })]);
      await until(() => seen.length === 3);
      expect(seen[2]).toEqual({ paths: ['/from-b'] });
    } finally {
      await other.end();
    }
  });
});

describe('serialised work', () => {
  it('runs one key at a time in order, other keys alongside, and a nested key of the same work at once', async () => {
    const log: string[] = [];
    const step = (key: string, name: string, ms: number) =>
      serialised(key, async () => {
        log.push(`${name} start`);
        await sleep(ms);
        log.push(`${name} end`);
        return name;
      });
    const results = await Promise.all([step('k1', 'a', 60), step('k1', 'b', 1), step('k2', 'c', 1)]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log.indexOf('a end')).toBeLessThan(log.indexOf('b start'));
    expect(log.indexOf('c end')).toBeLessThan(log.indexOf('a end'));
    await expect(serialised('outer', () => serialised('outer', async () => serialised('inner', async () => 'nested')))).resolves.toBe('nested');
    await expect(serialised('k1', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(serialised('k1', async () => 'after a failure')).resolves.toBe('after a failure');
  });

  onPostgres("waits for another instance's advisory lock on the key, then holds it itself", async () => {
    const other = new Client({ connectionString: url });
    await other.connect();
    try {
      const key = 'chat:cluster-test-session';
      await other.query('SELECT pg_advisory_lock($1::bigint)', [advisoryKey(key)]);
      let ran = false;
      const work = serialised(key, async () => {
        ran = true;
        // while our work runs the other instance cannot take the key
        const taken = await other.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [advisoryKey(key)]);
        return taken.rows[0].ok;
      });
      await sleep(300);
      expect(ran).toBe(false);
      await other.query('SELECT pg_advisory_unlock($1::bigint)', [advisoryKey(key)]);
      await expect(work).resolves.toBe(false);
    } finally {
      await other.end();
    }
  });
});
