import { z } from 'zod';

/** One inbound message of a Cloud API webhook (only the fields we use; the rest is ignored). */
const inboundMessageSchema = z.object({
  id: z.string().min(1).max(256),
  /** The sender's phone: E.164 digits without "+". */
  from: z.string().regex(/^\d{6,17}$/),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
});

const changeValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string() }).optional(),
  contacts: z.array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).partial().optional() })).optional(),
  messages: z.array(z.unknown()).optional(),
});

export const webhookPayloadSchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ changes: z.array(z.object({ field: z.string().optional(), value: changeValueSchema })).default([]) })).default([]),
});

export type InboundMessage = z.infer<typeof inboundMessageSchema> & { phoneNumberId?: string; profileName?: string };

/** Flattens a webhook into its well-formed inbound messages; malformed entries and status callbacks are skipped. */
export function inboundMessages(payload: unknown): InboundMessage[] {
  const parsed = webhookPayloadSchema.safeParse(payload);
  if (!parsed.success || parsed.data.object !== 'whatsapp_business_account') return [];
  const out: InboundMessage[] = [];
  for (const entry of parsed.data.entry) {
    for (const { value } of entry.changes) {
      for (const raw of value.messages ?? []) {
        const message = inboundMessageSchema.safeParse(raw);
        if (!message.success) continue;
        const contact = value.contacts?.find((c) => c.wa_id === message.data.from);
        out.push({ ...message.data, phoneNumberId: value.metadata?.phone_number_id, profileName: contact?.profile?.name?.trim() || undefined });
      }
    }
  }
  return out;
}
