import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { readBody } from '@/lib/http/body';
import { DomainError } from '@/lib/api/errors';
import { blogError } from '@/lib/blog/errors';
import { storeBlogImage } from '@/lib/blog/images';
import { IMAGE_MAX_BYTES } from '@/lib/blog/schemas';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Room for the multipart envelope around the file, in bytes. */
const ENVELOPE_BYTES = 64 * 1024;

async function fileOf(req: Request): Promise<Uint8Array> {
  const body = await readBody(req, IMAGE_MAX_BYTES + ENVELOPE_BYTES).catch((error: unknown) => {
    throw error instanceof DomainError && error.kind === 'too_large' ? blogError('imageTooLarge', 'image', 'too_large') : error;
  });
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData().catch(() => {
    throw blogError('imageMissing', 'image');
  });
  const file = form.get('file') ?? form.get('image');
  if (!file || typeof file === 'string') throw blogError('imageMissing', 'image');
  return new Uint8Array(await file.arrayBuffer());
}

/** Stores a cover image (multipart field `file`: PNG, JPEG or WebP up to 5 MB) as WebP plus a fallback. */
export const POST = endpoint({ auth: PARTNER_ROLES, maxBytes: IMAGE_MAX_BYTES + ENVELOPE_BYTES }, async ({ req, tenant }) => {
  const stored = await storeBlogImage(tenant.slug, await fileOf(req));
  return jsonAt({ success: true, data: stored }, 201);
});
