import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { moderateReview } from '@/lib/ratings/ratings';
import { moderateReviewSchema } from '@/lib/ratings/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';

/** Approves a comment (the site shows it) or rejects it (hidden). */
export const PATCH = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], body: moderateReviewSchema }, async ({ db, tenant, body, params }) => {
  const id = pathId(params.id);
  if (!id) throw notFound('id: This review was not found.');
  const review = await moderateReview(db, tenant.id, id, body);
  // the site's average, count and approved comments are in the operator's cached pages
  await refreshOperatorPages(tenant.slug);
  return { success: true, data: review };
});
