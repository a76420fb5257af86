import { z } from 'zod';
import type { HandleMessageResult } from '@/lib/chat/contract';
import { CHAT_MESSAGE_MAX, CHAT_SESSION_PATTERN } from '@/lib/chat/schemas';
import { DEFAULT_LOCALE_TAG, LOCALE_TAGS } from '@/lib/i18n/markets';

// socket.io event names, shared with the browser from the zod-free lib/chat/limits
export { AGENT_MESSAGE_EVENT, USER_MESSAGE_EVENT } from '@/lib/chat/limits';

export const chatRoom = (chatSession: string) => `chat:${chatSession}`;

export const chatSessionSchema = z.string().regex(CHAT_SESSION_PATTERN, 'must be 8 to 80 letters, digits, "-" or "_"');
export const chatTextSchema = z
  .string()
  .trim()
  .min(1, 'Type a message.')
  .max(CHAT_MESSAGE_MAX, `A message has at most ${CHAT_MESSAGE_MAX} characters.`)
  .refine((text) => !text.includes('\u0000'), 'A message cannot contain NUL characters.');
export const chatLocaleSchema = z
  .string()
  .refine((tag) => LOCALE_TAGS.includes(tag), 'Unknown locale.')
  .default(DEFAULT_LOCALE_TAG);

/** userMessage {role: 'user', content, chatSession} (docs/requirements/rider.md#booking-by-chat); content is the text or the {message} object. */
export const userMessageEventSchema = z.object({
  role: z.literal('user').default('user'),
  content: z.union([chatTextSchema, z.object({ message: chatTextSchema }).transform((c) => c.message)]),
  chatSession: chatSessionSchema,
  locale: chatLocaleSchema,
});

/** POST /api/chat/message: the HTTP fallback of the socket. */
export const sendChatMessageSchema = z.object({ chatSession: chatSessionSchema, text: chatTextSchema, locale: chatLocaleSchema });

/** The answer of the socket's acknowledgement and of POST /api/chat/message. */
export type ChatTurnAck = { ok: true; data: HandleMessageResult } | { ok: false; error: { code: string; message: string } };
