import { route } from '@/lib/api/handler';
import { assignable } from '@/lib/rides/partner';

/** Verified drivers and vehicles of the business, for the Accept dialog. */
export const GET = route({ auth: ['travelsx-partner', 'deliverx-partner'] }, async ({ db, tenant }) => {
  return { success: true, data: await assignable(db, tenant.id) };
});
