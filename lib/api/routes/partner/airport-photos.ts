import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { storeMeetingPhoto } from '@/lib/airports/photos';
import { IMAGE_MAX_BYTES } from '@/lib/blog/schemas';
import { imageFileOf, UPLOAD_ENVELOPE_BYTES } from '@/lib/blog/upload';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Stores a meeting-point photo (multipart field `file`: PNG, JPEG or WebP up to 5 MB); the airport's PUT names it. */
export const POST = endpoint({ auth: PARTNER_ROLES, maxBytes: IMAGE_MAX_BYTES + UPLOAD_ENVELOPE_BYTES }, async ({ req, tenant }) => {
  const stored = await storeMeetingPhoto(tenant.slug, await imageFileOf(req));
  return jsonAt({ success: true, data: stored }, 201);
});
