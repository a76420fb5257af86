import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { dispatchSettingsSchema } from '@/lib/dispatch/schemas';
import { dispatchSettingsOf, saveDispatchSettings } from '@/lib/dispatch/settings';
import { queueWaitingRides } from '@/lib/rides/offer-jobs';

/** How the operator dispatches: manual, assisted or automatic, with the offer countdown, tries, upgrades, lead, buffer and live-location lead. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => ({ success: true, data: await dispatchSettingsOf(db, tenant.id) }));

/** Saves the settings; a switch to automatic offers the rides already waiting for a driver. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: dispatchSettingsSchema }, async ({ db, tenant, body }) => {
  const saved = await saveDispatchSettings(db, tenant.id, body);
  await queueWaitingRides(db, tenant.id);
  return { success: true, data: saved };
});
