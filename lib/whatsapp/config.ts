import { env } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { operatorWhatsApp, operatorWhatsAppByNumber } from '@/lib/hosting/integrations';

export type WhatsAppConfig = { token: string; appSecret: string; verifyToken: string; phoneNumberId: string; apiBase: string };

function apiBase(): string {
  return env().WHATSAPP_API_BASE.replace(/\/+$/, '');
}

/** The deployment's Cloud API settings, or undefined when any of them is missing (WhatsApp then works by deep link only). */
export function whatsappConfig(): WhatsAppConfig | undefined {
  const config = env();
  const { WHATSAPP_TOKEN: token, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId } = config;
  if (!token || !appSecret || !verifyToken || !phoneNumberId) return undefined;
  return { token, appSecret, verifyToken, phoneNumberId, apiBase: apiBase() };
}

/** The number an operator answers riders from: its own (console Integrations), else the deployment's. */
export async function whatsappConfigFor(db: Db, businessId: number): Promise<WhatsAppConfig | undefined> {
  const own = await operatorWhatsApp(db, businessId);
  return own
    ? { token: own.token, appSecret: own.appSecret, verifyToken: own.verifyToken, phoneNumberId: own.phoneNumberId, apiBase: apiBase() }
    : whatsappConfig();
}

/** The operator that owns a phone number id, with its settings (inbound messages go to it, whatever the Host). */
export async function whatsappConfigForNumber(db: Db, phoneNumberId: string): Promise<{ businessId: number; config: WhatsAppConfig } | undefined> {
  const own = await operatorWhatsAppByNumber(db, phoneNumberId);
  if (!own) return undefined;
  return {
    businessId: own.businessId,
    config: { token: own.token, appSecret: own.appSecret, verifyToken: own.verifyToken, phoneNumberId: own.phoneNumberId, apiBase: apiBase() },
  };
}
