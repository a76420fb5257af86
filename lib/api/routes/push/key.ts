import { endpoint } from '@/lib/api/endpoint';
import { vapidKeys } from '@/lib/push/vapid';

/** The VAPID public key browsers subscribe with (base64url). */
export const GET = endpoint({}, async () => ({ success: true, data: { publicKey: vapidKeys().publicKey } }));
