import { route } from '@/lib/api/handler';
import { vapidKeys } from '@/lib/push/vapid';

/** The VAPID public key browsers subscribe with (base64url). */
export const GET = route({}, async () => ({ success: true, data: { publicKey: vapidKeys().publicKey } }));
