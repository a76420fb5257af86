import 'server-only';
import { env } from '@/lib/env';
import { notFound } from '@/lib/errors/domain-error';
import { PAYU_ENDPOINTS } from './payu';

export type PayuConfig = { key: string; salt: string; action: string };

export const NOT_CONFIGURED = 'Card payments are not configured.';

/** PayU settings when PAYU_KEY and PAYU_SALT are both set; the form action is PAYU_ENDPOINT or the PAYU_MODE endpoint. */
export function payuConfig(): PayuConfig | undefined {
  const { PAYU_KEY, PAYU_SALT, PAYU_MODE, PAYU_ENDPOINT } = env();
  if (!PAYU_KEY || !PAYU_SALT) return undefined;
  return { key: PAYU_KEY, salt: PAYU_SALT, action: PAYU_ENDPOINT ?? PAYU_ENDPOINTS[PAYU_MODE] };
}

export const isCardConfigured = (): boolean => payuConfig() !== undefined;

/** The PayU settings, or a 404 that says card payments are off. */
export function requirePayu(): PayuConfig {
  const config = payuConfig();
  if (!config) throw notFound(NOT_CONFIGURED);
  return config;
}
