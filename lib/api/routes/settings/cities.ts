import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { readSettings, saveCities } from '@/lib/settings/commands';
import { settingsChanged } from '@/lib/settings/refresh';
import { citiesSchema } from '@/lib/settings/schemas';

/**
 * The service cities in order (existing ones by slug, new ones by gazetteer
 * id, one flagged main): the rider site's city list, place, city and route
 * pages and sitemaps follow at once; a dropped city's pages answer 404.
 */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: citiesSchema }, async ({ db, tenant, body }) => {
  await saveCities(db, tenant.id, body);
  await settingsChanged(tenant);
  return { success: true, data: await readSettings(db, tenant.id) };
});
