import { endpoint } from '@/lib/api/endpoint';
import { handleUserMessage } from '@/lib/chat/service';
import { actorOf, ensureChatAccess, runWebChatTurn } from '@/lib/realtime/chat';
import { sendChatMessageSchema } from '@/lib/realtime/chat-events';
import { withChatAccess } from './access';

/** Chat fallback (docs/requirements/rider.md#booking-by-chat): one agent turn over plain HTTP when the socket cannot connect; `{data: {user, agent}}`. */
export const POST = endpoint({ auth: 'optional', body: sendChatMessageSchema, maxBytes: 128 * 1024 }, async ({ db, tenant, session, body }) => {
  await withChatAccess(ensureChatAccess(db, tenant.id, body.chatSession, session?.userId));
  const data = await runWebChatTurn(db, handleUserMessage, {
    businessId: tenant.id,
    chatSession: body.chatSession,
    actor: actorOf(session),
    locale: body.locale,
    text: body.text,
  });
  return { data };
});
