import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { pushSubscriptionSchema, unsubscribeSchema } from '@/lib/push/schemas';
import { subscribe, unsubscribe } from '@/lib/push/subscriptions';

/** Stores this device's PushSubscription JSON for the signed-in user. */
export const POST = route({ auth: 'required', body: pushSubscriptionSchema, maxBytes: 4096 }, async ({ db, session, body, req }) => {
  await subscribe(db, session, body, req.headers.get('user-agent'));
  return NextResponse.json({ success: true }, { status: 201 });
});

/** Forgets one of the signed-in user's devices, by endpoint. */
export const DELETE = route({ auth: 'required', body: unsubscribeSchema, maxBytes: 4096 }, async ({ db, session, body }) => {
  return { success: true, data: { removed: await unsubscribe(db, session, body.endpoint) } };
});
