import 'server-only';
import { LRUCache } from 'lru-cache';
import type { OverlayOptions } from 'sharp';
import { loadSharp } from '@/lib/media/sharp';
import { createTranslator } from 'next-intl';
import { inImageLane } from '@/lib/media/image-lanes';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_RENDER_SECONDS } from '@/lib/media/render-budget';
import { loadMessages } from '@/lib/i18n/messages';
import type { Tenant } from '@/lib/tenancy/queries';
import { brandCssVariables, DEFAULT_BRAND_COLOR, normaliseHex } from './colour';
import { logoBytes } from './logo';
import { SHARE_HEIGHT, SHARE_WIDTH, shareLanguage, shareVersion, type ShareKind } from './share-path';
import { escapeXml } from './svg-text';

/*
 * Share images rendered with sharp from the operator's colour, logo and name
 * and a line for the page kind, held in memory per version (at most
 * MAX_ENTRIES images, least recently used dropped first). Each render is one
 * job of the operator's image lane (lib/media/image-lanes.ts), its logo drawn
 * within the upload render budget (lib/media/render-budget.ts).
 */

const MAX_ENTRIES = 200;
const images = new LRUCache<string, Promise<Buffer>>({ max: MAX_ENTRIES });

/** Splits a name into at most two lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && `${line} ${word}`.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length > 2)
    return [
      out[0],
      `${out
        .slice(1)
        .join(' ')
        .slice(0, width - 1)}…`,
    ];
  return out;
}

type ShareInput = Pick<Tenant, 'slug' | 'name' | 'logoUrl' | 'brandColor' | 'settingsUpdatedAt'>;

async function render(tenant: ShareInput, kind: ShareKind, lang: string): Promise<Buffer> {
  const t = createTranslator({ locale: lang, messages: await loadMessages(lang), namespace: 'ShareImage' });
  const colour = normaliseHex(tenant.brandColor) ?? DEFAULT_BRAND_COLOR;
  const strong = brandCssVariables(colour)['--color-primary-strong'];
  const nameLines = lines(tenant.name, 22);
  const nameSize = nameLines.length > 1 ? 64 : 76;
  const textX = 470;
  const nameY = nameLines.length > 1 ? 250 : 290;
  const rtl = lang === 'ar';
  const font = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans', sans-serif";
  const initials = tenant.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const logo = tenant.logoUrl ? await logoBytes(tenant.slug, tenant.logoUrl) : undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${strong}"/></linearGradient></defs>
  <rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#g)"/>
  <rect x="100" y="165" width="300" height="300" rx="40" fill="#ffffff"/>
  ${logo ? '' : `<text x="250" y="350" font-family="${font}" font-size="120" font-weight="700" fill="${colour}" text-anchor="middle">${escapeXml(initials)}</text>`}
  ${nameLines.map((line, i) => `<text x="${textX}" y="${nameY + i * (nameSize + 12)}" font-family="${font}" font-size="${nameSize}" font-weight="700" fill="#ffffff"${rtl ? ' direction="rtl" unicode-bidi="embed"' : ''}>${escapeXml(line)}</text>`).join('\n  ')}
  <text x="${textX}" y="${nameY + nameLines.length * (nameSize + 12) + 30}" font-family="${font}" font-size="40" fill="#ffffff" fill-opacity="0.92">${escapeXml(t(kind, { businessName: tenant.name }))}</text>
  <rect x="0" y="${SHARE_HEIGHT - 16}" width="${SHARE_WIDTH}" height="16" fill="#ffffff" fill-opacity="0.25"/>
</svg>`;
  const sharp = await loadSharp();
  const layers: OverlayOptions[] = [];
  if (logo) {
    const isSvg = /\.svg$/.test(tenant.logoUrl ?? '');
    const mark = await sharp(logo, { ...(isSvg ? { density: 300 } : {}), limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
      .timeout({ seconds: IMAGE_RENDER_SECONDS })
      .resize(240, 240, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .png()
      .toBuffer()
      .catch(() => undefined);
    if (mark) layers.push({ input: mark, left: 130, top: 195 });
  }
  return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 9, palette: false }).toBuffer();
}

/** The PNG share image of an operator for a page kind and language (rendered once per version). */
export function shareImage(tenant: ShareInput, kind: ShareKind, lang: string): Promise<Buffer> {
  const language = shareLanguage(lang);
  const key = `${tenant.slug}:${kind}:${language}:${shareVersion(tenant)}`;
  const held = images.get(key);
  if (held) return held;
  // one job of the operator's image lane (lib/media/image-lanes.ts): a refusal (imagesBusy) is not held
  const made = inImageLane(tenant.slug, () => render(tenant, kind, language));
  made.catch(() => images.delete(key));
  images.set(key, made);
  return made;
}

/** Drops an operator's held share images (its settings changed; new versions have new keys anyway). */
export function forgetShareImages(tenantSlug: string): void {
  for (const key of [...images.keys()]) if (key.startsWith(`${tenantSlug}:`)) images.delete(key);
}
