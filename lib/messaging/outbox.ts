import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';
import { businesses, outbox, type OutboxChannel, type OutboxMessage } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { brandedEmailHtml } from './email-html';
import { providerFor, type Attachment } from './providers';

export type Delivery = {
  businessId: number;
  channel: OutboxChannel;
  to: string;
  subject?: string;
  text: string;
  fromName?: string;
  /** E-mail only; the outbox keeps their names, not their bytes. */
  attachments?: Attachment[];
};

/**
 * Every e-mail and SMS carries the name of the business that sends it (the
 * operator, or the platform for signup codes): the sender name defaults to the
 * business's name, and a text message that does not name it starts with it.
 */
export async function signedBySender(db: Db, message: Delivery): Promise<Delivery> {
  let name = message.fromName;
  if (!name) {
    const [row] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, message.businessId)).limit(1);
    name = row?.name;
  }
  if (!name) return message;
  const text = message.channel === 'email' || message.text.includes(name) ? message.text : `${name}: ${message.text}`;
  return { ...message, fromName: name, text };
}

/**
 * Records a message in the outbox and hands it to the channel's provider.
 * Without a provider it is held there (and printed to the log outside production).
 */
export async function deliver(db: Db, input: Delivery): Promise<OutboxMessage> {
  const message = await signedBySender(db, input);
  const provider = providerFor(message.channel);
  const [row] = await db
    .insert(outbox)
    .values({
      businessId: message.businessId,
      channel: message.channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.attachments?.length ? `${message.text}\n\n[attached: ${message.attachments.map((a) => a.filename).join(', ')}]` : message.text,
      status: provider ? 'queued' : 'held',
      provider: provider?.name ?? null,
    })
    .returning();
  if (!provider) {
    const config = env();
    const showBody = config.NODE_ENV !== 'production' || config.DEV_OUTBOX === '1';
    logger.info(
      { outboxId: row.id, channel: row.channel, to: row.recipient, ...(showBody ? { text: row.body } : {}) },
      'message held in outbox (no provider configured)',
    );
    return row;
  }
  try {
    const html = message.channel === 'email' ? await brandedEmailHtml(db, message.businessId, message.subject, message.text) : undefined;
    await provider.send({ to: message.to, subject: message.subject, text: message.text, fromName: message.fromName, html, attachments: message.attachments });
    const [sent] = await db.update(outbox).set({ status: 'sent', attempts: 1, sentAt: new Date() }).where(eq(outbox.id, row.id)).returning();
    return sent;
  } catch (error) {
    logger.error({ err: error, outboxId: row.id, channel: row.channel }, 'message delivery failed');
    const [failed] = await db
      .update(outbox)
      .set({ status: 'failed', attempts: 1, error: error instanceof Error ? error.message.slice(0, 500) : 'unknown error' })
      .where(eq(outbox.id, row.id))
      .returning();
    return failed;
  }
}

export async function listOutbox(db: Db, businessId: number, recipient?: string, limit = 50): Promise<OutboxMessage[]> {
  const where = recipient ? and(eq(outbox.businessId, businessId), eq(outbox.recipient, recipient)) : eq(outbox.businessId, businessId);
  return db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(limit);
}
