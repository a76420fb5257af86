import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { readSettings, updateProfile } from '@/lib/settings/commands';
import { settingsChanged } from '@/lib/settings/refresh';
import { profileSchema } from '@/lib/settings/schemas';

/** Name, short name, support phone, WhatsApp number and support e-mail; the rider site shows them at once. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: profileSchema }, async ({ db, tenant, body }) => {
  await updateProfile(db, tenant.id, body);
  await settingsChanged(tenant);
  return { success: true, data: await readSettings(db, tenant.id) };
});
