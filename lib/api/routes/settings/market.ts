import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { readSettings, setMarket } from '@/lib/settings/commands';
import { settingsChanged } from '@/lib/settings/refresh';
import { marketSchema } from '@/lib/settings/schemas';

/** Country, currency, time zone and the market's languages the site offers (hreflang, sitemaps and the language selector follow). */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: marketSchema }, async ({ db, tenant, body }) => {
  await setMarket(db, tenant.id, body);
  await settingsChanged(tenant);
  return { success: true, data: await readSettings(db, tenant.id) };
});
