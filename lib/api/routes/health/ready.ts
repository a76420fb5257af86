import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { isDraining } from '@/lib/http/lifecycle';
import { logger } from '@/lib/log';

/** Readiness, for load balancers: 200 while the database answers and the process is not shutting down, else 503. */
export async function GET() {
  if (isDraining()) return Response.json({ status: 'draining' }, { status: 503 });
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ready' });
  } catch (err) {
    logger.warn({ err }, 'readiness check: database unreachable');
    return Response.json({ status: 'unavailable' }, { status: 503 });
  }
}
