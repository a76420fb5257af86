import { env } from '@/lib/env';

export type WhatsAppConfig = { token: string; appSecret: string; verifyToken: string; phoneNumberId: string; apiBase: string };

/** The Cloud API settings, or undefined when any of them is missing (WhatsApp then works by deep link only). */
export function whatsappConfig(): WhatsAppConfig | undefined {
  const config = env();
  const { WHATSAPP_TOKEN: token, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId } = config;
  if (!token || !appSecret || !verifyToken || !phoneNumberId) return undefined;
  return { token, appSecret, verifyToken, phoneNumberId, apiBase: config.WHATSAPP_API_BASE.replace(/\/+$/, '') };
}
