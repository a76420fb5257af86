import { NextResponse, type NextRequest } from 'next/server';
import { route } from '@/lib/api/handler';
import { blogError } from '@/lib/blog/errors';
import { storeBlogImage } from '@/lib/blog/images';
import { IMAGE_MAX_BYTES } from '@/lib/blog/schemas';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Room for the multipart envelope around the file, in bytes. */
const ENVELOPE_BYTES = 64 * 1024;

/** The request body, refused past `limit` bytes without reading the rest. */
async function readLimited(req: NextRequest, limit: number): Promise<Buffer> {
  if (Number(req.headers.get('content-length') ?? '0') > limit) throw blogError('imageTooLarge', 'image', 413);
  const reader = req.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw blogError('imageTooLarge', 'image', 413);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function fileOf(req: NextRequest): Promise<Uint8Array> {
  const body = await readLimited(req, IMAGE_MAX_BYTES + ENVELOPE_BYTES);
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData().catch(() => {
    throw blogError('imageMissing', 'image');
  });
  const file = form.get('file') ?? form.get('image');
  if (!file || typeof file === 'string') throw blogError('imageMissing', 'image');
  return new Uint8Array(await file.arrayBuffer());
}

/** Stores a cover image (multipart field `file`: PNG, JPEG or WebP up to 5 MB) as WebP plus a fallback. */
export const POST = route({ auth: PARTNER_ROLES }, async ({ req, tenant }) => {
  const stored = await storeBlogImage(tenant.slug, await fileOf(req));
  return NextResponse.json({ success: true, data: stored }, { status: 201 });
});
