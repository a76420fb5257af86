import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { uploadResponse } from '@/lib/blog/images';

/** Older links to a stored upload of this host's operator (new ones are under /media/); answers are immutable. */
export const GET = endpoint({}, async ({ tenant, params }) => {
  const response = await uploadResponse(tenant.slug, (params.path ?? '').split('/'));
  if (!response) throw notFound();
  return response;
});
