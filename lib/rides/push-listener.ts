import { getDb } from '@/lib/db/client';
import { partnerRidePushPayload, ridePushPayload } from '@/lib/push/ride-message';
import { sendToSubscriptions } from '@/lib/push/send';
import { rideAudience } from '@/lib/push/subscriptions';
import { vapidKeys } from '@/lib/push/vapid';
import { onRideChange } from './notify';

const globalForPush = globalThis as unknown as { __travelsxPushStop?: () => void };

/**
 * Server start-up: loads (or generates) the VAPID keys, then pushes every
 * ride transition to the rider's devices and to the devices of the
 * business's console users who turned notifications on. Registers once per process; returns
 * the unsubscribe.
 */
export function startPushNotifications(): () => void {
  vapidKeys();
  if (globalForPush.__travelsxPushStop) return globalForPush.__travelsxPushStop;
  const unsubscribe = onRideChange(async ({ ride, from, to }) => {
    if (from === to) return;
    const db = await getDb();
    // the rider's devices and those of the business's console users who turned notifications on, in one read
    const audience = await rideAudience(db, ride.businessId, ride.riderId);
    await Promise.all(
      audience.flatMap(({ userId, role, subs }) => [
        ...(userId === ride.riderId ? [sendToSubscriptions(db, userId, subs, () => ridePushPayload(db, ride, to))] : []),
        ...(role
          ? [sendToSubscriptions(db, userId, subs, () => partnerRidePushPayload(db, ride, to, role === 'deliverx-partner' ? 'delivery' : 'travel'))]
          : []),
      ]),
    );
  });
  globalForPush.__travelsxPushStop = () => {
    unsubscribe();
    globalForPush.__travelsxPushStop = undefined;
  };
  return globalForPush.__travelsxPushStop;
}
