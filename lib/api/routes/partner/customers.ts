import { endpoint } from '@/lib/api/endpoint';
import { listCustomers } from '@/lib/partner/customers';
import { customersQuerySchema, PARTNER_ROLES } from '@/lib/partner/schemas';

/** Customer list (docs/requirements/partner.md#customers): the business's users, drivers or partners, searched, sorted and paged. */
export const GET = endpoint({ auth: PARTNER_ROLES, query: customersQuerySchema }, async ({ db, tenant, query }) => {
  return { success: true, data: await listCustomers(db, tenant, query) };
});
