import { endpoint } from '@/lib/api/endpoint';
import { pushSubscriptionSchema, unsubscribeSchema } from '@/lib/push/schemas';
import { subscribe, unsubscribe } from '@/lib/push/subscriptions';
import { jsonResponse } from '@/lib/http/json';

/** Stores this device's PushSubscription JSON for the signed-in user. */
export const POST = endpoint({ auth: 'required', body: pushSubscriptionSchema, maxBytes: 4096 }, async ({ db, session, body, req }) => {
  await subscribe(db, session, body, req.headers.get('user-agent'));
  return jsonResponse({ success: true }, { status: 201 });
});

/** Forgets one of the signed-in user's devices, by endpoint. */
export const DELETE = endpoint({ auth: 'required', body: unsubscribeSchema, maxBytes: 4096 }, async ({ db, session, body }) => {
  return { success: true, data: { removed: await unsubscribe(db, session, body.endpoint) } };
});
