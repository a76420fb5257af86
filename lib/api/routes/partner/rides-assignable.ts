import { endpoint } from '@/lib/api/endpoint';
import { assignable } from '@/lib/rides/partner';

/** Verified drivers and vehicles of the business, for the Accept dialog. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'] }, async ({ db, tenant }) => {
  return { success: true, data: await assignable(db, tenant.id) };
});
