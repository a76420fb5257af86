import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { readSettings, setBrandColour } from '@/lib/settings/commands';
import { settingsChanged } from '@/lib/settings/refresh';
import { colourSchema } from '@/lib/settings/schemas';

/** The brand colour (#rrggbb); refused (400, field `colour`, with the nearest passing shade) when white text on it fails WCAG AA. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: colourSchema }, async ({ db, tenant, body }) => {
  await setBrandColour(db, tenant.id, body.colour);
  await settingsChanged(tenant);
  return { success: true, data: await readSettings(db, tenant.id) };
});
