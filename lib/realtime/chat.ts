import type { Server, Socket } from 'socket.io';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { chatSessions } from '@/lib/db/schema';
import { readSession, SESSION_COOKIE, type SessionUser } from '@/lib/auth/session';
import type { ChatActor, ChatMessageView, HandleMessageInput, HandleMessageResult } from '@/lib/chat/contract';
import { logger } from '@/lib/log';
import { DomainError } from '@/lib/errors/domain-error';
import { handleUserMessage } from '@/lib/chat/service';
import { resolveTenantForHost } from '@/lib/tenancy/resolve';
import { watchWhatsAppRides } from '@/lib/whatsapp/ride-updates';
import { AGENT_MESSAGE_EVENT, chatRoom, chatSessionSchema, USER_MESSAGE_EVENT, userMessageEventSchema, type ChatTurnAck } from './chat-events';
import { cookieValue } from '@/lib/http/cookies';
import { clientAddressOf } from '@/lib/http/client-address';
import { env } from '@/lib/env';
import { enforceChatLimits } from '@/lib/chat/turn-limits';

export type HandleUserMessage = (db: Db, input: HandleMessageInput) => Promise<HandleMessageResult>;

/** The socket server of this process, set by registerChat. */
let chatIo: Server | undefined;

/** Refused: the session belongs to another user or tenant, or is a WhatsApp conversation. */
export class ChatAccessError extends Error {
  constructor() {
    super('This conversation belongs to someone else.');
    this.name = 'ChatAccessError';
  }
}

/**
 * Who may use a chat session over the web: an unused id is free; a stored one
 * only on its own tenant, and only by its user once it has one. `strict`
 * (history put) also refuses sessions that no signed-in user owns yet.
 */
export async function ensureChatAccess(db: Db, businessId: number, chatSession: string, userId: number | undefined, strict = false): Promise<void> {
  if (chatSession.startsWith('wa-')) throw new ChatAccessError();
  const [row] = await db
    .select({ businessId: chatSessions.businessId, userId: chatSessions.userId, channel: chatSessions.channel })
    .from(chatSessions)
    .where(eq(chatSessions.id, chatSession))
    .limit(1);
  if (!row) return;
  const owned = row.userId !== null && row.userId === userId;
  if (row.businessId !== businessId || row.channel !== 'web' || !(owned || (!strict && row.userId === null))) throw new ChatAccessError();
}

export function actorOf(user: SessionUser | undefined): ChatActor {
  return user ? { userId: user.userId, role: user.role, name: user.name } : null;
}

/** Every socket of the conversation hears the reply (other tabs, and the HTTP fallback's later socket). */
export function emitAgentMessage(agent: ChatMessageView): void {
  chatIo?.to(chatRoom(agent.chatSession)).emit(AGENT_MESSAGE_EVENT, agent);
}

/** One web agent turn (socket or HTTP fallback), after `ensureChatAccess`; the agent runs one turn at a time per conversation. */
export async function runWebChatTurn(db: Db, handle: HandleUserMessage, input: Omit<HandleMessageInput, 'channel'>): Promise<HandleMessageResult> {
  const result = await handle(db, { ...input, channel: 'web' });
  emitAgentMessage(result.agent);
  return result;
}

type SocketIdentity = { businessId: number; user: SessionUser | undefined; token: string | undefined; ip: string };

/** The tenant of the handshake's host and the session of its cookie (or `auth.token`), read once per connection. */
async function identify(socket: Socket): Promise<SocketIdentity | undefined> {
  const { headers, auth } = socket.handshake;
  const resolved = await resolveTenantForHost(headers.host);
  if (!resolved) return undefined;
  const token = typeof auth?.token === 'string' ? auth.token : cookieValue(headers.cookie, SESSION_COOKIE);
  const user = token ? await readSession(await getDb(), token, resolved.tenant.id) : undefined;
  return { businessId: resolved.tenant.id, user, token: user ? token : undefined, ip: clientAddressOf(socket.request, env().TRUST_PROXY) };
}

async function joinChat(socket: Socket, identity: SocketIdentity, chatSession: string): Promise<void> {
  const room = chatRoom(chatSession);
  if (socket.rooms.has(room)) return;
  await ensureChatAccess(await getDb(), identity.businessId, chatSession, identity.user?.userId);
  await socket.join(room);
}

const failure = (code: string, message: string): ChatTurnAck => ({ ok: false, error: { code, message } });

async function onUserMessage(socket: Socket, identity: Promise<SocketIdentity | undefined>, payload: unknown): Promise<ChatTurnAck> {
  const parsed = userMessageEventSchema.safeParse(payload);
  if (!parsed.success) return failure('bad_request', parsed.error.issues[0].message);
  const who = await identity;
  if (!who) return failure('not_found', 'No travel operator answers on this host.');
  const { chatSession, content, locale } = parsed.data;
  try {
    await joinChat(socket, who, chatSession);
    await enforceChatLimits(await getDb(), who.businessId, chatSession, who.ip);
    const data = await runWebChatTurn(await getDb(), handleUserMessage, {
      businessId: who.businessId,
      chatSession,
      actor: actorOf(who.user),
      locale,
      text: content,
    });
    return { ok: true, data };
  } catch (error) {
    if (error instanceof ChatAccessError) return failure('forbidden', error.message);
    if (error instanceof DomainError) return failure(error.code, error.message);
    logger.error({ err: error }, 'chat turn failed');
    return failure('internal', 'Something went wrong. Try again later.');
  }
}

/**
 * The chat on the app's socket.io server (docs/requirements/rider.md#booking-by-chat): a
 * client connects with `?chatSession=` and joins `chat:{chatSession}`;
 * `userMessage` runs one agent turn as the handshake's user and the reply goes
 * to the room as `agentMessage` (and to the sender's acknowledgement, if any).
 * Also starts the WhatsApp ride-status sender of this process.
 */
export function registerChat(io: Server): void {
  chatIo = io;
  watchWhatsAppRides();
  io.on('connection', (socket) => {
    let identity: Promise<SocketIdentity | undefined> | undefined;
    // Read on first need only: the ride-event sockets of the same pages never ask.
    const who = () =>
      (identity ??= identify(socket).catch((error: unknown) => {
        logger.warn({ err: error }, 'chat socket session check failed');
        return undefined;
      }));
    const requested = chatSessionSchema.safeParse(socket.handshake.query.chatSession);
    if (requested.success) {
      void who()
        .then((found) => (found ? joinChat(socket, found, requested.data) : undefined))
        .catch((error: unknown) => {
          if (!(error instanceof ChatAccessError)) logger.warn({ err: error }, 'chat room join failed');
        });
    }
    socket.on(USER_MESSAGE_EVENT, (payload: unknown, ack?: unknown) => {
      void onUserMessage(socket, who(), payload).then((result) => {
        if (typeof ack === 'function') ack(result);
      });
    });
  });
}
