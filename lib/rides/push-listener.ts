import { getDb } from '@/lib/db/client';
import { partnerRidePushPayload, ridePushPayload } from '@/lib/push/ride-message';
import { sendToUser } from '@/lib/push/send';
import { partnerSubscribers } from '@/lib/push/subscriptions';
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
    await sendToUser(db, ride.businessId, ride.riderId, () => ridePushPayload(db, ride, to));
    // the business's console users who turned notifications on (the ride event page's bell)
    const partners = await partnerSubscribers(db, ride.businessId);
    await Promise.all(
      partners.map(({ userId, role }) =>
        sendToUser(db, ride.businessId, userId, () => partnerRidePushPayload(db, ride, to, role === 'deliverx-partner' ? 'delivery' : 'travel')),
      ),
    );
  });
  globalForPush.__travelsxPushStop = () => {
    unsubscribe();
    globalForPush.__travelsxPushStop = undefined;
  };
  return globalForPush.__travelsxPushStop;
}
