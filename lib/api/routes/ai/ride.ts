import { endpoint } from '@/lib/api/endpoint';
import { aiRideCreateSchema } from '@/lib/chat/schemas';
import { createRideFromPrompt } from '@/lib/chat/service';
import { LOCALE_COOKIE } from '@/lib/i18n/routing';
import { actorOf, emitAgentMessage, ensureChatAccess } from '@/lib/realtime/chat';
import { withChatAccess } from '../chat/access';

/**
 * AI ride create (docs/requirements/rider.md#booking-by-chat): the prompt goes to the agent in the
 * conversation `chatId`, as the signed-in session (the payload's ids grant
 * nothing); `{data}` is the agent's reply text, `message` the stored reply with its cards.
 */
export const POST = endpoint({ auth: 'optional', body: aiRideCreateSchema, maxBytes: 128 * 1024 }, async ({ cookie, db, tenant, session, body }) => {
  await withChatAccess(ensureChatAccess(db, tenant.id, body.chatId, session?.userId));
  const result = await createRideFromPrompt(db, tenant, body, { actor: actorOf(session), locale: cookie(LOCALE_COOKIE) });
  emitAgentMessage(result.message);
  return { data: result.data, message: result.message };
});
