import { and, desc, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';
import { businesses, outbox, type OutboxChannel, type OutboxMessage } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { chargeBudget, type Refusal } from './budget';
import { brandedEmailHtml } from './email-html';
import { channelProvider } from './channel-provider';
import type { Attachment } from './providers';
import type { MessagePurpose } from './purposes';
import { MESSAGE_TEXT_MAX, MESSAGE_VALUE_MAX, cut, operatorText, unlinkText } from './safe-text';

export type Delivery = {
  businessId: number;
  channel: OutboxChannel;
  /** E.164 ("+919876543210", "+" optional) for SMS and WhatsApp; an address for e-mail. */
  to: string;
  /** Why it goes out (lib/messaging/purposes.ts); ride purposes need `rideId`. */
  purpose: MessagePurpose;
  /** The ride's database id (rides.id, not its number), for the ride's budget and the once-per-window rule. */
  rideId?: number;
  subject?: string;
  text: string;
  /** The product's own links in `text` (tracking, rating): kept; anything else that looks like an address is broken up. */
  links?: readonly string[];
  fromName?: string;
  /** E-mail only; the outbox keeps their names, not their bytes. */
  attachments?: Attachment[];
};

/** The outbox row of a delivery and, when the budget said no, why (`message.status` is then 'refused'). */
export type DeliveryResult = { message: OutboxMessage; refused?: Refusal };

/** The operator a message goes out for, as the budget and the signature need it. */
export type Sender = { name: string; slug: string; phoneCode: string; messagesAbroad: boolean };

async function senderOf(db: Db, businessId: number): Promise<Sender | undefined> {
  const [row] = await db
    .select({ name: businesses.name, slug: businesses.slug, phoneCode: businesses.phoneCode, messagesAbroad: businesses.messagesAbroad })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row;
}

/** An SMS or WhatsApp recipient as E.164 with "+", or undefined when it is not a phone number. */
function phoneRecipient(to: string): { e164: string; dialCode: string } | undefined {
  const parsed = parsePhoneNumberFromString(`+${to.trim().replace(/^\+/, '')}`);
  return parsed ? { e164: parsed.number, dialCode: parsed.countryCallingCode } : undefined;
}

/**
 * Every e-mail and SMS carries the name of the business that sends it (the
 * operator, or the platform for signup codes): the sender name defaults to the
 * business's name, and a text message that does not name it starts with it.
 * Operator-chosen names are cut and nothing but `links` stays a link.
 */
function composed(input: Delivery, sender: Sender | undefined): Delivery {
  const name = operatorText(input.fromName ?? sender?.name, MESSAGE_VALUE_MAX.businessName) || undefined;
  const signed = !name || input.channel === 'email' || input.text.includes(name) ? input.text : `${name}: ${input.text}`;
  return {
    ...input,
    fromName: name,
    text: cut(unlinkText(signed, input.links), MESSAGE_TEXT_MAX[input.channel]),
    subject: input.subject === undefined ? undefined : cut(unlinkText(operatorText(input.subject, 200)), 200),
  };
}

async function record(db: Db, message: Delivery, fields: Partial<typeof outbox.$inferInsert>): Promise<OutboxMessage> {
  const [row] = await db
    .insert(outbox)
    .values({
      businessId: message.businessId,
      channel: message.channel,
      recipient: message.to,
      purpose: message.purpose,
      rideId: message.rideId ?? null,
      subject: message.subject ?? null,
      body: message.attachments?.length ? `${message.text}\n\n[attached: ${message.attachments.map((a) => a.filename).join(', ')}]` : message.text,
      ...fields,
    })
    .returning();
  return row;
}

function reachOf(sender: Sender, channel: OutboxChannel, to: string): Refusal | undefined {
  if (channel === 'email') return undefined;
  const phone = phoneRecipient(to);
  if (!phone) return { reason: 'bad_recipient', retryAfterSeconds: 0 };
  if (phone.dialCode !== sender.phoneCode && !sender.messagesAbroad) return { reason: 'abroad', retryAfterSeconds: 0 };
  return undefined;
}

/** Why this business may not message `to` on `channel` at all (not a phone number; outside its market unless it allows that), or undefined. */
export async function reachRefusal(db: Db, businessId: number, channel: OutboxChannel, to: string): Promise<Refusal | undefined> {
  const sender = await senderOf(db, businessId);
  return sender ? reachOf(sender, channel, to) : undefined;
}

/** The budget's answer for a message: refused when out of reach (see reachRefusal) or past a budget. */
async function budgetFor(db: Db, message: Delivery, sender: Sender | undefined): Promise<Refusal | undefined> {
  if (!sender) return undefined;
  const unreachable = reachOf(sender, message.channel, message.to);
  if (unreachable) return unreachable;
  return chargeBudget(db, {
    businessId: message.businessId,
    slug: sender.slug,
    channel: message.channel,
    recipient: message.to.toLowerCase(),
    purpose: message.purpose,
    rideId: message.rideId,
  });
}

/**
 * The one way an SMS, WhatsApp or e-mail goes out. Applies the message
 * budget (lib/messaging/budget.ts): a refused message is recorded with status
 * 'refused' and its reason, logged, and answered in `refused` (never thrown;
 * `refusalError` turns it into an answer for screens). Otherwise it is
 * recorded and handed to the channel's provider; without one it is held in
 * the outbox (and printed to the log outside production). A caller that has
 * just read the operator's row hands it in as `known.sender` (one read fewer).
 */
export async function deliver(db: Db, input: Delivery, known?: { sender: Sender }): Promise<DeliveryResult> {
  const sender = known?.sender ?? (await senderOf(db, input.businessId));
  const phone = input.channel === 'email' ? undefined : phoneRecipient(input.to);
  const message = composed({ ...input, to: phone?.e164 ?? input.to.trim() }, sender);
  const refused = await budgetFor(db, message, sender);
  if (refused) {
    const row = await record(db, message, { status: 'refused', error: refused.reason });
    logger.warn(
      { outboxId: row.id, businessId: row.businessId, channel: row.channel, purpose: row.purpose, rideId: row.rideId, reason: refused.reason },
      'message refused by the message budget',
    );
    return { message: row, refused };
  }
  const provider = await channelProvider(db, message.businessId, message.channel);
  const row = await record(db, message, { status: provider ? 'queued' : 'held', provider: provider?.name ?? null });
  if (!provider) {
    const config = env();
    const showBody = config.NODE_ENV !== 'production' || config.DEV_OUTBOX === '1';
    logger.info(
      { outboxId: row.id, channel: row.channel, to: row.recipient, ...(showBody ? { text: row.body } : {}) },
      'message held in outbox (no provider configured)',
    );
    return { message: row };
  }
  try {
    const html = message.channel === 'email' ? await brandedEmailHtml(db, message.businessId, message.subject, message.text) : undefined;
    await provider.send({ to: message.to, subject: message.subject, text: message.text, fromName: message.fromName, html, attachments: message.attachments });
    const [sent] = await db.update(outbox).set({ status: 'sent', attempts: 1, sentAt: new Date() }).where(eq(outbox.id, row.id)).returning();
    return { message: sent };
  } catch (error) {
    logger.error({ err: error, outboxId: row.id, channel: row.channel }, 'message delivery failed');
    const [failed] = await db
      .update(outbox)
      .set({ status: 'failed', attempts: 1, error: error instanceof Error ? error.message.slice(0, 500) : 'unknown error' })
      .where(eq(outbox.id, row.id))
      .returning();
    return { message: failed };
  }
}

export async function listOutbox(db: Db, businessId: number, recipient?: string, limit = 50): Promise<OutboxMessage[]> {
  const where = recipient ? and(eq(outbox.businessId, businessId), eq(outbox.recipient, recipient)) : eq(outbox.businessId, businessId);
  return db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(limit);
}
