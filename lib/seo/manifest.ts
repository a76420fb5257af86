import { DEFAULT_COUNTRY, isCountryCode, localizedPath, resolveLanguage } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { DEFAULT_BRAND_COLOR, normaliseHex } from '@/lib/settings/colour';
import { offeredLanguages } from '@/lib/settings/languages';
import { SEO_PATHS } from './paths';

export const THEME_COLOR = DEFAULT_BRAND_COLOR;
const FALLBACK_ICON = '/brand/meridian-logo.svg';

export type WebManifest = {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type?: string; purpose?: string }[];
};

function iconType(src: string): string | undefined {
  const ext = /\.([a-z0-9]+)(?:\?.*)?$/i.exec(src)?.[1]?.toLowerCase();
  return ext ? { svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', ico: 'image/x-icon' }[ext] : undefined;
}

type ManifestTenant = Pick<Tenant, 'name' | 'countryCode' | 'language' | 'logoUrl'> &
  Partial<Pick<Tenant, 'shortName' | 'iconBase' | 'brandColor' | 'languages'>>;

/** The icons of the manifest: the set rendered from an uploaded logo (lib/settings/logo.ts), else the logo itself and the platform's icon. */
function manifestIcons(tenant: ManifestTenant): WebManifest['icons'] {
  if (tenant.iconBase) {
    return [
      { src: `${tenant.iconBase}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${tenant.iconBase}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      ...(tenant.logoUrl?.endsWith('.svg') ? [{ src: tenant.logoUrl, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }] : []),
    ];
  }
  const icon = tenant.logoUrl ?? FALLBACK_ICON;
  const type = iconType(icon);
  return [
    { src: icon, sizes: type === 'image/svg+xml' ? 'any' : '512x512', ...(type ? { type } : {}), purpose: 'any' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ];
}

/** The operator's web app manifest: its name and short name, its icons and colour, starting at its rider home. */
export function webManifest(tenant: ManifestTenant, description: string): WebManifest {
  const country = isCountryCode(tenant.countryCode) ? tenant.countryCode : DEFAULT_COUNTRY;
  const offered = offeredLanguages(tenant);
  const lang = offered.includes(tenant.language) ? tenant.language : resolveLanguage(country, offered[0]);
  return {
    name: tenant.name,
    short_name: tenant.shortName || (tenant.name.length > 12 ? tenant.name.split(/\s+/)[0].slice(0, 12) : tenant.name),
    description,
    lang,
    start_url: localizedPath({ country, lang }, SEO_PATHS.home()),
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: (tenant.brandColor && normaliseHex(tenant.brandColor)) || THEME_COLOR,
    icons: manifestIcons(tenant),
  };
}
