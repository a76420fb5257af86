import { route } from '@/lib/api/handler';
import { notFound } from '@/lib/api/errors';
import { uploadResponse } from '@/lib/blog/images';

/** /media/{tenant}/blog/{file}: a stored upload of this host's operator, where crawlers may fetch it (robots.txt). */
export const GET = route({}, async ({ tenant, params }) => {
  const response = await uploadResponse(tenant.slug, Array.isArray(params.path) ? params.path : []);
  if (!response) throw notFound();
  return response;
});
