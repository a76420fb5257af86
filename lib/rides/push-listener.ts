import { getDb } from '@/lib/db/client';
import { ridePushPayload } from '@/lib/push/ride-message';
import { sendToUser } from '@/lib/push/send';
import { vapidKeys } from '@/lib/push/vapid';
import { onRideChange } from './notify';

const globalForPush = globalThis as unknown as { __travelsxPushStop?: () => void };

/**
 * Server start-up: loads (or generates) the VAPID keys, then pushes every
 * ride transition to the rider's devices. Registers once per process; returns
 * the unsubscribe.
 */
export function startPushNotifications(): () => void {
  vapidKeys();
  if (globalForPush.__travelsxPushStop) return globalForPush.__travelsxPushStop;
  const unsubscribe = onRideChange(async ({ ride, from, to }) => {
    if (from === to) return;
    const db = await getDb();
    await sendToUser(db, ride.businessId, ride.riderId, () => ridePushPayload(db, ride, to));
  });
  globalForPush.__travelsxPushStop = () => {
    unsubscribe();
    globalForPush.__travelsxPushStop = undefined;
  };
  return globalForPush.__travelsxPushStop;
}
