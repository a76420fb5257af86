import { endpoint } from '@/lib/api/endpoint';
import { handleUserMessage } from '@/lib/chat/service';
import { actorOf, ensureChatAccess, runWebChatTurn } from '@/lib/realtime/chat';
import { sendChatMessageSchema } from '@/lib/realtime/chat-events';
import { withChatAccess } from './access';
import { enforceChatLimits } from '@/lib/chat/turn-limits';
import { clientIp } from '@/lib/http/client-ip';

/** Chat fallback (docs/requirements/rider.md#booking-by-chat): one agent turn over plain HTTP when the socket cannot connect; `{data: {user, agent}}`. 429 past LIMITS.chat*. */
export const POST = endpoint({ auth: 'optional', body: sendChatMessageSchema, maxBytes: 128 * 1024 }, async ({ req, db, tenant, session, body }) => {
  await withChatAccess(ensureChatAccess(db, tenant.id, body.chatSession, session?.userId));
  await enforceChatLimits(db, tenant.id, body.chatSession, clientIp(req.headers));
  const data = await runWebChatTurn(db, handleUserMessage, {
    businessId: tenant.id,
    chatSession: body.chatSession,
    actor: actorOf(session),
    locale: body.locale,
    text: body.text,
  });
  return { data };
});
