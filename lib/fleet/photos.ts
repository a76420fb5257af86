import 'server-only';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from '@/lib/media/sharp';
import { MEDIA_PREFIX } from '@/lib/media/paths';
import { sniffImage, uploadsRoot } from '@/lib/media/uploads';
import { DomainError, type ErrorKind } from '@/lib/errors/domain-error';
import { validationText } from '@/lib/errors/validation-text';
import { PHOTO_MAX_BYTES } from './photo-limits';
import { inImageLane } from '@/lib/media/image-lanes';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_RENDER_SECONDS, isOverRenderBudget } from '@/lib/media/render-budget';

/*
 * Driver and vehicle photos: PNG, JPEG or WebP up to PHOTO_MAX_BYTES,
 * recognised by their bytes, decoded and re-encoded as WebP (metadata and
 * anything hidden dropped): a driver's as a 512 px square around the face or
 * centre, a vehicle's at most 1024 px a side. Stored under
 * DATA_DIR/uploads/{tenant}/fleet/ and served under /media/. A refused file
 * stores nothing.
 */

const SIZES = { driver: { width: 512, height: 512, fit: 'cover' as const }, vehicle: { width: 1024, height: 1024, fit: 'inside' as const } };

export type PhotoKind = keyof typeof SIZES;

function photoError(key: string, kind: ErrorKind = 'invalid'): DomainError {
  const codes: Partial<Record<ErrorKind, string>> = { too_large: 'payload_too_large', unsupported: 'unsupported_media_type' };
  const error = new DomainError(
    kind,
    codes[kind] ?? 'bad_request',
    `photo: ${validationText(key).replace('{max}', `${PHOTO_MAX_BYTES / 1024 / 1024} MB`)}`,
    'photo',
  );
  error.key = key;
  if (key === 'photoTooLarge') error.values = { max: `${PHOTO_MAX_BYTES / 1024 / 1024} MB` };
  return error;
}

export const photoTooLarge = () => photoError('photoTooLarge', 'too_large');
export const photoMissing = () => photoError('photoMissing');

/** A photo decoded, cropped and encoded as WebP: one job of the tenant's image lane (lib/media/image-lanes.ts). */
async function encode(bytes: Uint8Array, format: string, kind: PhotoKind): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if (meta.format !== format) throw new Error(`content is ${meta.format}, header says ${format}`);
    const size = SIZES[kind];
    return await input
      .timeout({ seconds: IMAGE_RENDER_SECONDS })
      .rotate()
      .resize({ ...size, position: 'attention', withoutEnlargement: kind === 'vehicle' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw photoError(isOverRenderBudget(error) ? 'photoTooCostly' : 'photoMalformed');
  }
}

/** Validates, resizes and stores a photo; answers its public path. */
export async function storePhoto(tenantSlug: string, kind: PhotoKind, bytes: Uint8Array): Promise<string> {
  if (bytes.length === 0) throw photoMissing();
  if (bytes.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  const format = sniffImage(bytes);
  if (!format) throw photoError('photoType', 'unsupported');
  const webp = await inImageLane(tenantSlug, () => encode(bytes, format, kind), { field: 'photo' });
  const dir = path.join(uploadsRoot(), tenantSlug, 'fleet');
  await fs.mkdir(dir, { recursive: true });
  const id = randomUUID();
  await fs.writeFile(path.join(dir, `${id}.webp`), webp);
  return `${MEDIA_PREFIX}${tenantSlug}/fleet/${id}.webp`;
}
