import type { Db } from '@/lib/db/client';
import { whatsappInbound } from '@/lib/db/schema';
import { CHAT_MESSAGE_MAX } from '@/lib/chat/schemas';
import { handleUserMessage } from '@/lib/chat/service';
import { logger } from '@/lib/log';
import type { Tenant } from '@/lib/tenancy/queries';
import type { WhatsAppConfig } from './config';
import { sendWhatsAppText } from './graph';
import { riderForPhone } from './riders';
import type { InboundMessage } from './schemas';
import { botTranslator, replyText, tenantLocale } from './text';

/**
 * The chat session of a WhatsApp sender: one conversation per phone on the
 * deployment's number, one per phone and operator on an operator's own number
 * (a rider may write to two operators' numbers).
 */
export const whatsappChatSession = (waId: string, ownNumberOf?: number) => (ownNumberOf === undefined ? `wa-${waId}` : `wa-${ownNumberOf}-${waId}`);

/** Records a message id; false when it was seen before (Meta redelivers webhooks). */
async function isFirstDelivery(db: Db, businessId: number, messageId: string): Promise<boolean> {
  const inserted = await db.insert(whatsappInbound).values({ messageId, businessId }).onConflictDoNothing().returning({ id: whatsappInbound.messageId });
  return inserted.length > 0;
}

/** Feeds one inbound WhatsApp message to the booking agent as the sender's rider account and sends the reply back. */
export async function handleInbound(db: Db, tenant: Tenant, config: WhatsAppConfig, message: InboundMessage, ownNumber = false): Promise<void> {
  if (message.phoneNumberId && message.phoneNumberId !== config.phoneNumberId) return;
  if (!(await isFirstDelivery(db, tenant.id, message.id))) return;
  const locale = tenantLocale(tenant);
  const translators = await botTranslator(locale);
  const text = message.type === 'text' ? (message.text?.body ?? '').trim() : '';
  if (!text || text.length > CHAT_MESSAGE_MAX) {
    await sendWhatsAppText(config, message.from, text ? translators.t('tooLong', { max: CHAT_MESSAGE_MAX }) : translators.t('textOnly'));
    return;
  }
  const rider = await riderForPhone(db, tenant.id, message.from, message.profileName);
  if (!rider) {
    logger.warn({ businessId: tenant.id }, 'whatsapp sender phone could not be read');
    return;
  }
  let reply: string;
  try {
    const { agent } = await handleUserMessage(db, {
      businessId: tenant.id,
      chatSession: whatsappChatSession(message.from, ownNumber ? tenant.id : undefined),
      channel: 'whatsapp',
      actor: { userId: rider.id, role: rider.role, name: rider.name },
      locale,
      text,
    });
    reply = replyText(translators, locale, agent);
  } catch (error) {
    logger.error({ err: error, businessId: tenant.id }, 'whatsapp agent turn failed');
    reply = translators.t('failed');
  }
  await sendWhatsAppText(config, message.from, reply);
}
