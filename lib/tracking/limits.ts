import type { Db } from '@/lib/db/client';
import { enforceLimits } from '@/lib/limits/requests';

/** Page views and ad metrics from one address (LIMITS.trackingPerIp). */
export async function limitTracking(db: Db, businessId: number, ip: string): Promise<void> {
  await enforceLimits(db, businessId, [['trackingPerIp', ip]]);
}
