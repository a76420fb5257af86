import { endpoint } from '@/lib/api/endpoint';
import { currentOffer } from '@/lib/driver/offers';

/** The signed-in driver's open offer (ride, fare, distance, countdown), or null. */
export const GET = endpoint({ auth: ['travelsx-driver'] }, async ({ db, tenant, session }) => ({
  success: true,
  data: await currentOffer(db, tenant.id, session.userId),
}));
