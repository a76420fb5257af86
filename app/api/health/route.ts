import { NextResponse } from 'next/server';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

/** Liveness and database reachability, for load balancers. */
export async function GET() {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return NextResponse.json({ status: 'ok' });
}
