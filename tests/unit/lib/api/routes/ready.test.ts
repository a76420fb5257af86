/**
 * Readiness (/api/ready): 200 when every part it covers is up, 503 with the
 * reason when one is not.
 */
import { Pool } from 'pg';
import { GET } from '@/lib/api/routes/health/ready';
import { listenerPool } from '@/lib/db/pg-errors';
import { closeTestDb, openTestDb } from '../../../db';

beforeAll(async () => {
  await openTestDb();
});
afterAll(closeTestDb);

async function ready(): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await GET();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('/api/ready', () => {
  it('is 200 with the database answering', async () => {
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
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
