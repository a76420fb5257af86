import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';

/** Liveness and database reachability, for load balancers. */
export async function GET() {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return Response.json({ status: 'ok' });
}
