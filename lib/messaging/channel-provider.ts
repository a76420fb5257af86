import type { Db } from '@/lib/db/client';
import type { OutboxChannel } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { operatorWhatsApp } from '@/lib/hosting/integrations';
import { providerFor, WhatsAppCloudProvider, type MessageProvider } from './providers';

/** Who carries a business's message on a channel: WhatsApp from the operator's own number when it has one, else the deployment's provider (or none). */
export async function channelProvider(db: Db, businessId: number, channel: OutboxChannel): Promise<MessageProvider | undefined> {
  if (channel === 'whatsapp') {
    const own = await operatorWhatsApp(db, businessId);
    if (own) return new WhatsAppCloudProvider(env().WHATSAPP_API_BASE, own.phoneNumberId, own.token);
  }
  return providerFor(channel);
}

/** Whether a business's messages can go out on a channel (its own WhatsApp number or the deployment's provider). */
export async function offersChannel(db: Db, businessId: number, channel: OutboxChannel): Promise<boolean> {
  return Boolean(await channelProvider(db, businessId, channel));
}
