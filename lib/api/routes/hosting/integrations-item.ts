import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { INTEGRATION_KINDS, type IntegrationKind } from '@/lib/db/schema';
import { testFlightProvider } from '@/lib/flights/clients';
import { readIntegrations, removeIntegration, testIntegration } from '@/lib/hosting/integrations';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';

const kindOf = (value: string | undefined): IntegrationKind => {
  if (!(INTEGRATION_KINDS as readonly (string | undefined)[]).includes(value)) throw notFound('Unknown integration.');
  return value as IntegrationKind;
};

/** Disconnects the operator's own number, PayU account or flight-status provider (the deployment's, if any, takes over). */
export const DELETE = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant, params }) => {
  await removeIntegration(db, tenant, kindOf(params.kind));
  await refreshOperatorPages(tenant.slug);
  return { success: true, data: await readIntegrations(db, tenant) };
});

/** Test connection: calls the service with the stored credentials and says exactly what failed (network, token, key, salt). */
export const POST = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant, params }) => ({
  success: true,
  data: await testIntegration(db, tenant, kindOf(params.kind), testFlightProvider),
}));
