import { endpoint } from '@/lib/api/endpoint';
import { pushSettingsSchema } from '@/lib/push/schemas';
import { getPushSettings, setPushSettings } from '@/lib/push/subscriptions';

/** The signed-in user's push switch: { pushEnabled }. */
export const GET = endpoint({ auth: 'required' }, async ({ db, session }) => ({ success: true, data: await getPushSettings(db, session.userId) }));

export const PUT = endpoint({ auth: 'required', body: pushSettingsSchema }, async ({ db, session, body }) => ({
  success: true,
  data: await setPushSettings(db, session.userId, body),
}));
