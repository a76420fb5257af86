import 'server-only';
import { LRUCache } from 'lru-cache';
import { loadSharp } from '@/lib/media/sharp';
import { inImageLane } from '@/lib/media/image-lanes';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_RENDER_SECONDS } from '@/lib/media/render-budget';
import type { Tenant } from '@/lib/tenancy/queries';
import { DEFAULT_BRAND_COLOR, normaliseHex } from './colour';
import { logoBytes } from './logo';
import { escapeXml } from './svg-text';

/*
 * /favicon.ico of an operator's host (docs/requirements/crawler.md#icons): the 32 px icon rendered from its
 * uploaded logo when it has one (a redirect to it), else an ICO drawn here from its shipped logo or, without
 * any, its initial on its brand colour. Never the platform's or another operator's mark.
 */

const SIZE = 32;
/** Drawn icons held in memory (least recently used dropped first); a few hundred bytes each. */
const MAX_ENTRIES = 500;
const icons = new LRUCache<string, Promise<Buffer>>({ max: MAX_ENTRIES });

type FaviconTenant = Pick<Tenant, 'slug' | 'name' | 'logoUrl' | 'iconBase' | 'brandColor'>;
type Favicon = { redirect: string } | { ico: Buffer };

/** An ICO file holding one PNG image (Windows Vista and every browser read PNG entries). */
function icoOf(png: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(size >= 256 ? 0 : size, 6);
  head.writeUInt8(size >= 256 ? 0 : size, 7);
  head.writeUInt8(0, 8); // no palette
  head.writeUInt8(0, 9);
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18); // the image follows the one directory entry
  return Buffer.concat([head, png]);
}

/** The operator's initial, white on its brand colour. */
function initialSvg(tenant: FaviconTenant): Buffer {
  const colour = normaliseHex(tenant.brandColor) ?? DEFAULT_BRAND_COLOR;
  const initial = [...tenant.name.trim()][0]?.toUpperCase() ?? '';
  const font = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans', sans-serif";
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
      `<rect width="${SIZE}" height="${SIZE}" rx="7" fill="${colour}"/>` +
      `<text x="16" y="23" font-family="${font}" font-size="20" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initial)}</text></svg>`,
  );
}

async function draw(tenant: FaviconTenant): Promise<Buffer> {
  const sharp = await loadSharp();
  const logo = tenant.logoUrl ? await logoBytes(tenant.slug, tenant.logoUrl) : undefined;
  const isSvg = /\.svg$/.test(tenant.logoUrl ?? '');
  const png = logo
    ? await sharp(logo, { ...(isSvg ? { density: 144 } : {}), limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
        .timeout({ seconds: IMAGE_RENDER_SECONDS })
        .resize(SIZE, SIZE, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
        .png()
        .toBuffer()
        .catch(() => undefined)
    : undefined;
  return icoOf(png ?? (await sharp(initialSvg(tenant)).png().toBuffer()), SIZE);
}

/** The operator's favicon: its uploaded logo's 32 px icon, else one drawn once per logo, colour and name. */
export async function operatorFavicon(tenant: FaviconTenant): Promise<Favicon> {
  if (tenant.iconBase) return { redirect: `${tenant.iconBase}-${SIZE}.png` };
  const key = `${tenant.slug}\n${tenant.logoUrl ?? ''}\n${tenant.brandColor}\n${tenant.name}`;
  let made = icons.get(key);
  if (!made) {
    // one job of the operator's image lane (lib/media/image-lanes.ts): a refusal (imagesBusy) is not held
    made = inImageLane(tenant.slug, () => draw(tenant));
    made.catch(() => icons.delete(key));
    icons.set(key, made);
  }
  return { ico: await made };
}
