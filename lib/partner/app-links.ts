import 'server-only';
import QRCode from 'qrcode';
import { env } from '@/lib/env';
import type { Tenant } from '@/lib/tenancy/queries';

/** The :role/app route (docs/requirements/partner.md#apps): the web apps a phone can add to its home screen. */
export const APP_ROLES = ['user', 'partner', 'driver'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export function isAppRole(value: string): value is AppRole {
  return (APP_ROLES as readonly string[]).includes(value);
}

/**
 * The public origin of a business's apps: its own domain (https), else
 * {slug}.TRAVEL_HOST, which answers for the business on every route
 * (with the server's port while TRAVEL_HOST is localhost).
 */
export function tenantOrigin(tenant: Pick<Tenant, 'slug' | 'domain'>): string {
  if (tenant.domain) return `https://${tenant.domain.replace(/^https?:\/\//, '').replace(/\/+$/, '')}`;
  const config = env();
  const local = config.TRAVEL_HOST === 'localhost';
  const scheme = config.PUBLIC_ORIGIN_SCHEME ?? (local ? 'http' : 'https');
  return `${scheme}://${tenant.slug}.${config.TRAVEL_HOST}${local ? `:${config.PORT}` : ''}`;
}

/** A QR code as one SVG path of dark modules on a `size` x `size` grid (quiet zone not included). */
export function qrCodePath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size: modules.size, path };
}
