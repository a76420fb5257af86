import 'server-only';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Metadata as SharpMetadata } from 'sharp';
import { loadSharp } from '@/lib/media/sharp';
import { MEDIA_PREFIX } from '@/lib/media/paths';
import { inImageLane } from '@/lib/media/image-lanes';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_RENDER_SECONDS, isOverRenderBudget } from '@/lib/media/render-budget';
import { sniffImage, uploadsRoot } from '@/lib/media/uploads';
import { settingsError } from './errors';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_MIN_SIDE } from './schemas';
import { sanitizeSvg } from './svg';

/*
 * Logo uploads, stored like blog covers (DATA_DIR/uploads/{tenant}/brand/,
 * served under /media/, which crawlers may fetch): PNG, JPEG or WebP are
 * recognised by their bytes, decoded and re-encoded as PNG (metadata and
 * anything hidden dropped, at most 1024 px a side); SVG is sanitised and
 * kept as SVG. Either way an icon set is rendered from it for the favicon,
 * the Apple touch icon and the web app manifest.
 */

/** Icon sizes rendered from a logo: favicon, Apple touch icon, manifest icons. */
export const ICON_SIZES = [32, 180, 192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];
/** Longest side of a stored raster logo. */
const STORED_SIDE = 1024;
/** Pixels sharp may decode from a logo (lib/media/render-budget.ts). */
const MAX_INPUT_PIXELS = IMAGE_MAX_INPUT_PIXELS;

/** The refusal of a logo over the render budget (logoTooCostly, naming both limits), or undefined for any other failure. */
function overBudget(error: unknown): Error | undefined {
  if (!isOverRenderBudget(error)) return undefined;
  return settingsError('logoTooCostly', 'logo', 'invalid', { pixels: IMAGE_MAX_INPUT_PIXELS / 1_000_000, seconds: IMAGE_RENDER_SECONDS });
}

export type StoredLogo = { logoUrl: string; iconBase: string };

function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  // markup that names an svg element near its start; the XML parser in sanitizeSvg decides the rest
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

async function renderIcons(source: Buffer, density?: number): Promise<Map<IconSize, Buffer>> {
  const sharp = await loadSharp();
  const icons = new Map<IconSize, Buffer>();
  for (const size of ICON_SIZES) {
    // the Apple touch icon has no transparency (iOS paints it black): white behind the logo
    const background = size === 180 ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 255, g: 255, b: 255, alpha: 0 };
    const inner = Math.round(size * (size === 180 ? 0.8 : 1));
    const logo = await sharp(source, { density, limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds: IMAGE_RENDER_SECONDS })
      .resize(inner, inner, { fit: 'contain', background })
      .png()
      .toBuffer();
    icons.set(
      size,
      await sharp({ create: { width: size, height: size, channels: 4, background } })
        .composite([{ input: logo, gravity: 'center' }])
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
  }
  return icons;
}

type EncodedLogo = { ext: 'png' | 'svg'; body: Buffer; icons: Map<IconSize, Buffer> };

/** A raster logo checked, re-encoded as PNG and its icons rendered: one job of the tenant's image lane. */
async function encodeRasterLogo(bytes: Uint8Array, raster: string): Promise<EncodedLogo> {
  const sharp = await loadSharp();
  let meta: SharpMetadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
  } catch {
    throw settingsError('logoMalformed', 'logo');
  }
  if (meta.format !== raster || !meta.width || !meta.height) throw settingsError('logoMalformed', 'logo');
  if (meta.width > LOGO_MAX_SIDE || meta.height > LOGO_MAX_SIDE)
    throw settingsError('logoTooBig', 'logo', 'invalid', { max: LOGO_MAX_SIDE, width: meta.width, height: meta.height });
  if (meta.width < LOGO_MIN_SIDE || meta.height < LOGO_MIN_SIDE)
    throw settingsError('logoTooSmall', 'logo', 'invalid', { min: LOGO_MIN_SIDE, width: meta.width, height: meta.height });
  try {
    const body = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .timeout({ seconds: IMAGE_RENDER_SECONDS })
      .rotate()
      .resize({ width: STORED_SIDE, height: STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { ext: 'png', body, icons: await renderIcons(body) };
  } catch (error) {
    throw overBudget(error) ?? settingsError('logoMalformed', 'logo');
  }
}

/** A sanitised SVG logo's icons rendered: one job of the tenant's image lane. */
async function encodeSvgLogo(svg: Buffer): Promise<EncodedLogo> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(svg, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // rendered big enough for the largest icon, whatever size the drawing declares
    const density = Math.min(2400, Math.max(72, Math.ceil((72 * 512) / Math.min(meta.width, meta.height))));
    return { ext: 'svg', body: svg, icons: await renderIcons(svg, density) };
  } catch (error) {
    throw overBudget(error) ?? settingsError('logoMalformed', 'logo');
  }
}

/** Validates and stores an uploaded logo with its icon set; refuses a missing, over-large, foreign, malformed or ill-sized file naming the field `logo`. */
export async function storeLogo(tenantSlug: string, bytes: Uint8Array): Promise<StoredLogo> {
  if (bytes.length === 0) throw settingsError('logoMissing', 'logo');
  if (bytes.length > LOGO_MAX_BYTES) throw settingsError('logoTooLarge', 'logo', 'too_large', { max: `${LOGO_MAX_BYTES / 1024 / 1024} MB` });
  const raster = sniffImage(bytes);
  if (!raster && !isSvg(bytes)) throw settingsError('logoType', 'logo', 'unsupported');
  // sanitised (no sharp) before the tenant's image lane (lib/media/image-lanes.ts) runs the renders
  let encode: () => Promise<EncodedLogo>;
  if (raster) encode = () => encodeRasterLogo(bytes, raster);
  else {
    const svg = Buffer.from(sanitizeSvg(bytes), 'utf8');
    encode = () => encodeSvgLogo(svg);
  }
  const stored = await inImageLane(tenantSlug, encode, { field: 'logo' });
  const dir = path.join(uploadsRoot(), tenantSlug, 'brand');
  await fs.mkdir(dir, { recursive: true });
  const id = randomUUID();
  await Promise.all([
    fs.writeFile(path.join(dir, `${id}.${stored.ext}`), stored.body),
    ...[...stored.icons].map(([size, icon]) => fs.writeFile(path.join(dir, `${id}-${size}.png`), icon)),
  ]);
  const base = `${MEDIA_PREFIX}${tenantSlug}/brand/${id}`;
  return { logoUrl: `${base}.${stored.ext}`, iconBase: base };
}

/** The bytes of a stored logo of this tenant (for share images); undefined for any other path. */
export async function readStoredLogo(tenantSlug: string, publicPath: string): Promise<Buffer | undefined> {
  const match = /^\/media\/([a-z0-9-]+)\/brand\/([0-9a-f-]{36})\.(png|svg)$/.exec(publicPath);
  if (!match || match[1] !== tenantSlug) return undefined;
  return fs.readFile(/*turbopackIgnore: true*/ path.join(uploadsRoot(), tenantSlug, 'brand', `${match[2]}.${match[3]}`)).catch(() => undefined);
}

/** The bytes of a logo: an upload of this operator, or a logo shipped with the app (public/brand/, the demo's). */
export async function logoBytes(slug: string, logoUrl: string): Promise<Buffer | undefined> {
  if (/^\/brand\/[a-z0-9-]+\.(?:svg|png)$/.test(logoUrl))
    return fs.readFile(/*turbopackIgnore: true*/ path.join(process.cwd(), 'public', logoUrl)).catch(() => undefined);
  return readStoredLogo(slug, logoUrl);
}
