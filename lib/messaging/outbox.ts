import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';
import { outbox, type OutboxChannel, type OutboxMessage } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { brandedEmailHtml } from './email-html';
import { providerFor } from './providers';

export type Delivery = {
  businessId: number;
  channel: OutboxChannel;
  to: string;
  subject?: string;
  text: string;
  fromName?: string;
};

/**
 * Records a message in the outbox and hands it to the channel's provider.
 * Without a provider it is held there (and printed to the log outside production).
 */
export async function deliver(db: Db, message: Delivery): Promise<OutboxMessage> {
  const provider = providerFor(message.channel);
  const [row] = await db
    .insert(outbox)
    .values({
      businessId: message.businessId,
      channel: message.channel,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.text,
      status: provider ? 'queued' : 'held',
      provider: provider?.name ?? null,
    })
    .returning();
  if (!provider) {
    const config = env();
    const showBody = config.NODE_ENV !== 'production' || config.DEV_OUTBOX === '1';
    logger.info({ outboxId: row.id, channel: row.channel, to: row.recipient, ...(showBody ? { text: row.body } : {}) }, 'message held in outbox (no provider configured)');
    return row;
  }
  try {
    const html = message.channel === 'email' ? await brandedEmailHtml(db, message.businessId, message.subject, message.text) : undefined;
    await provider.send({ to: message.to, subject: message.subject, text: message.text, fromName: message.fromName, html });
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
