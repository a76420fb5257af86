import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { chatHistory } from '@/lib/chat/service';
import { ensureChatAccess } from '@/lib/realtime/chat';
import { chatSessionSchema } from '@/lib/realtime/chat-events';
import { withChatAccess } from './access';

const historyQuerySchema = z.object({ chat_session: chatSessionSchema });

/** A message as the client holds it; `id` is set once the server stored it. */
const clientMessageSchema = z.object({
  id: z.number().int().positive().optional(),
  role: z.enum(['user', 'agent', 'system', 'human']),
  content: z.object({ message: z.string().max(20_000), createIsoTime: z.string().max(40).optional() }),
});
const putHistorySchema = z.object({ chatSession: chatSessionSchema, messages: z.array(clientMessageSchema).max(500) });

/** Chat history get (docs/requirements/rider.md#booking-by-chat): the stored messages of a conversation of this tenant, oldest first. */
export const GET = endpoint({ auth: 'optional', query: historyQuerySchema }, async ({ db, tenant, session, query }) => {
  await withChatAccess(ensureChatAccess(db, tenant.id, query.chat_session, session?.userId));
  return { data: await chatHistory(db, tenant.id, query.chat_session) };
});

/**
 * Chat history put (docs/requirements/rider.md#booking-by-chat): the client hands in the list it shows, for
 * its own conversation only. Every message is stored when the server handles
 * it, so nothing from the client is written: the answer is the stored list and
 * the positions of client messages the server never saw (to send again).
 */
export const PUT = endpoint({ auth: 'required', body: putHistorySchema, maxBytes: 1024 * 1024 }, async ({ db, tenant, session, body }) => {
  await withChatAccess(ensureChatAccess(db, tenant.id, body.chatSession, session.userId, true));
  const stored = await chatHistory(db, tenant.id, body.chatSession);
  const known = new Set(stored.map((m) => m.id));
  const unknown = body.messages.flatMap((m, index) => (m.id !== undefined && known.has(m.id) ? [] : [index]));
  return { data: stored, unknown };
});
