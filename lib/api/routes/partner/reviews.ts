import { endpoint } from '@/lib/api/endpoint';
import { reviewsForConsole } from '@/lib/ratings/ratings';

/** The operator's average rating, each driver's, and the riders' comments with their moderation state. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'] }, async ({ db, tenant }) => {
  return { success: true, data: await reviewsForConsole(db, tenant.id) };
});
