/** Analytics events the client may report (spec names). */
export const CLIENT_EVENTS = ['ride_vehicle_selected', 'book_ride_success', 'book_ride_fails', 'verify_phone_completed'] as const;

import type { Db } from '@/lib/db/client';
import { appEvents } from '@/lib/db/schema';

export async function recordEvent(db: Db, event: { businessId: number; userId?: number | null; name: string; data?: Record<string, unknown> }): Promise<void> {
  await db.insert(appEvents).values({ businessId: event.businessId, userId: event.userId ?? null, name: event.name, data: event.data ?? {} });
}
