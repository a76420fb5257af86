import type { Tenant } from '@/lib/tenancy/queries';

/*
 * Addresses of the raster share images (Open Graph / Twitter, 1200x630 PNG):
 * one per operator, page kind and language, versioned by what they show, so
 * a changed name, logo or colour is a new address (social sites cache by URL).
 */

export const SHARE_KINDS = ['home', 'places', 'place', 'route', 'blog', 'page'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** Languages whose script the server's fonts draw (others are rendered in English). */
const DRAWN_LANGUAGES = new Set(['en', 'es', 'fr', 'pt', 'de', 'tr', 'id', 'ms', 'ru', 'kk', 'ar']);

export type ShareTenant = Pick<Tenant, 'slug' | 'name' | 'logoUrl' | 'brandColor' | 'settingsUpdatedAt'>;

export function shareLanguage(lang: string): string {
  return DRAWN_LANGUAGES.has(lang) ? lang : 'en';
}

/** FNV-1a of what the image shows, as 8 hex digits. */
export function shareVersion(tenant: ShareTenant): string {
  const text = [tenant.name, tenant.logoUrl ?? '', tenant.brandColor, new Date(tenant.settingsUpdatedAt).getTime()].join('\u0000');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Public path of a share image: /media/{tenant}/share/{kind}-{lang}-{version}.png. */
export function shareImagePath(tenant: ShareTenant, kind: ShareKind, lang: string): string {
  return `/media/${tenant.slug}/share/${kind}-${shareLanguage(lang)}-${shareVersion(tenant)}.png`;
}

export const SHARE_FILE = /^(home|places|place|route|blog|page)-([a-z]{2})-([0-9a-f]{8})\.png$/;
