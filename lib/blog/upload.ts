import { readBody } from '@/lib/http/body';
import { DomainError } from '@/lib/errors/domain-error';
import { blogError } from './errors';
import { IMAGE_MAX_BYTES } from './schemas';

/** Room for the multipart envelope around an uploaded file, in bytes. */
export const UPLOAD_ENVELOPE_BYTES = 64 * 1024;

/** The bytes of an image upload (multipart field `file` or `image`: blog covers, airport photos); refusals carry the `image*` keys. */
export async function imageFileOf(req: Request): Promise<Uint8Array> {
  const body = await readBody(req, IMAGE_MAX_BYTES + UPLOAD_ENVELOPE_BYTES).catch((error: unknown) => {
    throw error instanceof DomainError && error.kind === 'too_large' ? blogError('imageTooLarge', 'image', 'too_large') : error;
  });
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData().catch(() => {
    throw blogError('imageMissing', 'image');
  });
  const file = form.get('file') ?? form.get('image');
  if (!file || typeof file === 'string') throw blogError('imageMissing', 'image');
  return new Uint8Array(await file.arrayBuffer());
}
