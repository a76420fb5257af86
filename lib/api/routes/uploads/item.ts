import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { readUpload } from '@/lib/blog/images';

/** Serves a stored upload of this host's operator; names are random and never reused, so answers are immutable. */
export const GET = endpoint({}, async ({ tenant, params }) => {
  const segments = (params.path ?? '').split('/');
  const file = await readUpload(tenant.slug, segments);
  if (!file) throw notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
