import { endpoint } from '@/lib/api/endpoint';
import { flightStatusInputSchema, readIntegrations, saveFlightStatus } from '@/lib/hosting/integrations';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Saves the operator's flight-status provider and API key (an empty key keeps the stored one); answers the masked view. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: flightStatusInputSchema }, async ({ db, tenant, body }) => {
  await saveFlightStatus(db, tenant, body);
  return { success: true, data: await readIntegrations(db, tenant) };
});
