import 'server-only';
import { env } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/db/client';
import { notFound } from '@/lib/errors/domain-error';
import { operatorPayu } from '@/lib/hosting/integrations';
import { PAYU_ENDPOINTS } from './payu';

export type PayuConfig = { key: string; salt: string; action: string };

export const NOT_CONFIGURED = 'Card payments are not configured.';

function action(): string {
  const { PAYU_MODE, PAYU_ENDPOINT } = env();
  return PAYU_ENDPOINT ?? PAYU_ENDPOINTS[PAYU_MODE];
}

/** The deployment's PayU settings when PAYU_KEY and PAYU_SALT are both set; the form action is PAYU_ENDPOINT or the PAYU_MODE endpoint. */
export function payuConfig(): PayuConfig | undefined {
  const { PAYU_KEY, PAYU_SALT } = env();
  if (!PAYU_KEY || !PAYU_SALT) return undefined;
  return { key: PAYU_KEY, salt: PAYU_SALT, action: action() };
}

/**
 * The PayU account that collects an operator's card payments: its own merchant
 * key and salt (console Integrations) when it has them, else the deployment's.
 */
export async function payuConfigFor(db: Db, businessId: number): Promise<PayuConfig | undefined> {
  const own = await operatorPayu(db, businessId);
  return own ? { ...own, action: action() } : payuConfig();
}

export async function isCardConfigured(businessId: number): Promise<boolean> {
  return (await payuConfigFor(await getDb(), businessId)) !== undefined;
}

/** The operator's PayU settings, or a 404 that says card payments are off. */
export async function requirePayu(db: Db, businessId: number): Promise<PayuConfig> {
  const config = await payuConfigFor(db, businessId);
  if (!config) throw notFound(NOT_CONFIGURED);
  return config;
}
