import 'server-only';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from '@/lib/media/sharp';
import { blogError } from './errors';
import { MEDIA_PREFIX } from '@/lib/media/paths';
import { inImageLane } from '@/lib/media/image-lanes';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_RENDER_SECONDS, isOverRenderBudget } from '@/lib/media/render-budget';
import { sniffImage, uploadsRoot } from '@/lib/media/uploads';
import { IMAGE_MAX_BYTES, uploadSegments, type StoredImage } from './schemas';

/*
 * Blog cover uploads: PNG, JPEG or WebP up to 5 MB, recognised by their magic
 * bytes, decoded and re-encoded (which drops metadata and anything hidden in
 * the file), stored under DATA_DIR/uploads/{tenant}/blog/ as a WebP plus a
 * JPEG (or PNG with transparency) fallback, served by /media/ (app/media),
 * which crawlers may fetch.
 */

/** Longest side of a stored cover, in pixels; the largest decoded input, in pixels. */
const MAX_SIDE = 1600;

const CONTENT_TYPES = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml' } as const;
type Extension = keyof typeof CONTENT_TYPES;

const TENANT_SEGMENT = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const FILE_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|jpg|png)$/;
/** Logos (lib/settings/logo.ts): the logo as PNG or sanitised SVG, and its icons `{uuid}-{size}.png`. */
const BRAND_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.(png|svg)|-(32|180|192|512)\.png)$/;
/** Fleet photos (lib/fleet/photos.ts): drivers' and vehicles' pictures as WebP. */
const FLEET_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
/** Meeting-point photos (lib/airports/photos.ts) are stored as covers are. */
const KIND_FILES: Record<string, RegExp> = { blog: FILE_SEGMENT, brand: BRAND_SEGMENT, fleet: FLEET_SEGMENT, airport: FILE_SEGMENT };

/** The kinds of upload stored by `storeImage`. */
export type ImageKind = 'blog' | 'airport';

/** Validates and stores an uploaded cover; refuses an over-long, foreign or unreadable file with a BlogCreate.errors key. */
export function storeBlogImage(tenantSlug: string, bytes: Uint8Array): Promise<StoredImage> {
  return storeImage(tenantSlug, 'blog', bytes);
}

/** An upload decoded and encoded as WebP plus a fallback: one job of the tenant's image lane (lib/media/image-lanes.ts), its two encodes one after the other (one thread). */
async function encode(bytes: Uint8Array, format: string): Promise<{ webp: Buffer; fallback: Buffer; fallbackExt: Extension }> {
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if (meta.format !== format) throw new Error(`content is ${meta.format}, header says ${format}`);
    const resized = input.rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const fallbackExt: Extension = meta.hasAlpha ? 'png' : 'jpg';
    const budget = { seconds: IMAGE_RENDER_SECONDS };
    const webp = await resized.clone().timeout(budget).webp({ quality: 80 }).toBuffer();
    const fallback =
      fallbackExt === 'png'
        ? await resized.clone().timeout(budget).png({ compressionLevel: 9 }).toBuffer()
        : await resized.clone().timeout(budget).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    return { webp, fallback, fallbackExt };
  } catch (error) {
    throw blogError(isOverRenderBudget(error) ? 'imageTooCostly' : 'imageMalformed', 'image');
  }
}

/** Validates and stores an uploaded image under DATA_DIR/uploads/{tenant}/{kind}/; refusals carry BlogCreate.errors keys (image*). */
export async function storeImage(tenantSlug: string, kind: ImageKind, bytes: Uint8Array): Promise<StoredImage> {
  if (!TENANT_SEGMENT.test(tenantSlug)) throw new Error(`bad tenant slug ${tenantSlug}`);
  if (bytes.length === 0) throw blogError('imageMissing', 'image');
  if (bytes.length > IMAGE_MAX_BYTES) throw blogError('imageTooLarge', 'image', 'too_large');
  const format = sniffImage(bytes);
  if (!format) throw blogError('imageType', 'image', 'unsupported');
  const encoded = await inImageLane(tenantSlug, () => encode(bytes, format), { field: 'image' });
  const dir = path.join(uploadsRoot(), tenantSlug, kind);
  await fs.mkdir(dir, { recursive: true });
  const id = randomUUID();
  await Promise.all([fs.writeFile(path.join(dir, `${id}.webp`), encoded.webp), fs.writeFile(path.join(dir, `${id}.${encoded.fallbackExt}`), encoded.fallback)]);
  const base = `${MEDIA_PREFIX}${tenantSlug}/${kind}/${id}`;
  return { image: `${base}.${encoded.fallbackExt}`, imageWebp: `${base}.webp` };
}

/** The file behind /media/{tenant}/{blog|brand}/{file} of this tenant; undefined for any other path (no traversal possible). */
function uploadFile(tenantSlug: string, segments: readonly string[]): string | undefined {
  if (segments.length !== 3) return undefined;
  const [tenant, kind, file] = segments;
  const pattern = Object.prototype.hasOwnProperty.call(KIND_FILES, kind) ? KIND_FILES[kind] : undefined;
  if (tenant !== tenantSlug || !TENANT_SEGMENT.test(tenant) || !pattern || !pattern.test(file)) return undefined;
  const root = uploadsRoot();
  const full = path.resolve(root, tenant, kind, file);
  return full.startsWith(`${root}${path.sep}`) ? full : undefined;
}

export async function readUpload(tenantSlug: string, segments: readonly string[]): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const file = uploadFile(tenantSlug, segments);
  if (!file) return undefined;
  try {
    return { bytes: await fs.readFile(/*turbopackIgnore: true*/ file), contentType: CONTENT_TYPES[path.extname(file).slice(1) as Extension] };
  } catch {
    return undefined;
  }
}

/** True when a stored image path belongs to this tenant and its file exists. */
export async function isOwnUpload(tenantSlug: string, publicPath: string): Promise<boolean> {
  const segments = uploadSegments(publicPath);
  const file = segments ? uploadFile(tenantSlug, segments) : undefined;
  if (!file) return false;
  return fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** The answer for an upload path of this tenant: the bytes, their type and a year of immutable caching; undefined when there is no such file. */
export async function uploadResponse(tenantSlug: string, segments: readonly string[]): Promise<Response | undefined> {
  const file = await readUpload(tenantSlug, segments);
  if (!file) return undefined;
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.bytes.length),
      // names are random and never reused, so a name always means the same bytes
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}

export type ImageSize = { width: number; height: number };
/** Sizes read from stored files (files never change, so each is read once while it stays among the most used). */
const sizes = new LRUCache<string, { size: ImageSize | null }>({ max: 20_000 });

/** Width and height of an uploaded image of this tenant, from its stored file's header; undefined for other addresses. */
export async function uploadedImageSize(tenantSlug: string, publicPath: string): Promise<ImageSize | undefined> {
  const segments = uploadSegments(publicPath);
  const file = segments ? uploadFile(tenantSlug, segments) : undefined;
  if (!file) return undefined;
  let known = sizes.get(file);
  if (!known) {
    const sharp = await loadSharp();
    const meta = await sharp(/*turbopackIgnore: true*/ file)
      .metadata()
      .catch(() => undefined);
    known = { size: meta?.width && meta.height ? { width: meta.width, height: meta.height } : null };
    sizes.set(file, known);
  }
  return known.size ?? undefined;
}
