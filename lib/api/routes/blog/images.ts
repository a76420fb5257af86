import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { storeBlogImage } from '@/lib/blog/images';
import { IMAGE_MAX_BYTES } from '@/lib/blog/schemas';
import { imageFileOf, UPLOAD_ENVELOPE_BYTES } from '@/lib/blog/upload';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Stores a cover image (multipart field `file`: PNG, JPEG or WebP up to 5 MB) as WebP plus a fallback. */
export const POST = endpoint({ auth: PARTNER_ROLES, maxBytes: IMAGE_MAX_BYTES + UPLOAD_ENVELOPE_BYTES }, async ({ req, tenant }) => {
  const stored = await storeBlogImage(tenant.slug, await imageFileOf(req));
  return jsonAt({ success: true, data: stored }, 201);
});
