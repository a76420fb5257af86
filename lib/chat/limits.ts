/*
 * Chat constants the browser needs, without zod: lib/chat/schemas and
 * lib/realtime/chat-events (zod schemas for the server) re-export them, and
 * the chat's client components import them from here.
 */

/** A conversation id (chatSession / chatId in the client's payloads). */
export const CHAT_SESSION_PATTERN = /^[A-Za-z0-9_-]{8,80}$/;
/** Longest message the agent reads, in characters (after trimming). */
export const CHAT_MESSAGE_MAX = 2000;

/** socket.io event names of the chat (docs/requirements/rider.md#booking-by-chat), shared by the server and the browser. */
export const USER_MESSAGE_EVENT = 'userMessage';
export const AGENT_MESSAGE_EVENT = 'agentMessage';
