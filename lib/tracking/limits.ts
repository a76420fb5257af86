import type { Db } from '@/lib/db/client';
import { tooManyRequests } from '@/lib/api/errors';
import { hitRateLimit } from '@/lib/auth/rate-limit';

/** Tracking writes one address may make per minute (page views and ad metrics together). */
export const TRACKING_PER_IP_PER_MINUTE = 240;

export async function limitTracking(db: Db, businessId: number, ip: string): Promise<void> {
  const decision = await hitRateLimit(db, `tracking:${businessId}:${ip}`, TRACKING_PER_IP_PER_MINUTE, 60_000);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}
