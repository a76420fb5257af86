import { DEFAULT_COUNTRY, isCountryCode, localizedPath, resolveLanguage } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { SEO_PATHS } from './paths';

export const THEME_COLOR = '#0f766e';
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

/** The operator's web app manifest: its name, its logo as icon, starting at its rider home. */
export function webManifest(tenant: Pick<Tenant, 'name' | 'countryCode' | 'language' | 'logoUrl'>, description: string): WebManifest {
  const country = isCountryCode(tenant.countryCode) ? tenant.countryCode : DEFAULT_COUNTRY;
  const lang = resolveLanguage(country, tenant.language);
  const icon = tenant.logoUrl ?? FALLBACK_ICON;
  const type = iconType(icon);
  return {
    name: tenant.name,
    short_name: tenant.name.length > 12 ? tenant.name.split(/\s+/)[0].slice(0, 12) : tenant.name,
    description,
    lang,
    start_url: localizedPath({ country, lang }, SEO_PATHS.home()),
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: icon, sizes: type === 'image/svg+xml' ? 'any' : '512x512', ...(type ? { type } : {}), purpose: 'any' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
