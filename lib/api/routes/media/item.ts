import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { uploadResponse } from '@/lib/blog/images';

/** /media/{tenant}/blog/{file}: a stored upload of this host's operator, where crawlers may fetch it (robots.txt). */
export const GET = endpoint({}, async ({ tenant, params }) => {
  const response = await uploadResponse(tenant.slug, (params.path ?? '').split('/'));
  if (!response) throw notFound();
  return response;
});
