import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, chatMessages, chatSessions, type ChatMessage, type ChatSession } from '@/lib/db/schema';
import { badRequest, notFound } from '@/lib/errors/domain-error';
import { DEFAULT_LOCALE_TAG, isCountryCode, LOCALE_TAGS, resolveLanguage, toLocaleTag } from '@/lib/i18n/markets';
import { logger } from '@/lib/log';
import type { Tenant } from '@/lib/tenancy/queries';
import { runBuiltInAgent } from './agent';
import { englishReply } from './localized-replies';
import type { AgentData, ChatActor, ChatMessageView, HandleMessageInput, HandleMessageResult } from './contract';
import { LLM_HISTORY, runLlmAgent } from './llm';
import { llmConfig } from '@/lib/llm/client';
import { line, renderReply } from './reply';
import { CHAT_MESSAGE_MAX, CHAT_SESSION_PATTERN, type AiRideCreateInput } from './schemas';
import type { AgentTenant } from './tools';
import { serialised } from '@/lib/cluster/lock';

async function agentTenant(db: Db, businessId: number): Promise<AgentTenant | undefined> {
  const [row] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      countryCode: businesses.countryCode,
      currency: businesses.currency,
      timeZone: businesses.timeZone,
      language: businesses.language,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row;
}

/** The tenant's own locale ("en-IN"), for callers that do not name one. */
function tenantLocale(tenant: Pick<Tenant, 'countryCode' | 'language'>): string {
  return isCountryCode(tenant.countryCode)
    ? toLocaleTag({ country: tenant.countryCode, lang: resolveLanguage(tenant.countryCode, tenant.language) })
    : DEFAULT_LOCALE_TAG;
}

function toView(row: ChatMessage): ChatMessageView {
  const view: ChatMessageView = {
    id: row.id,
    role: row.role,
    content: { message: row.content, createIsoTime: row.createdAt.toISOString() },
    chatSession: row.sessionId,
  };
  if (row.data) view.data = row.data as AgentData;
  return view;
}

/** The conversation row, created on first use; another tenant's (or another rider's) conversation is not found. */
async function openSession(db: Db, input: HandleMessageInput): Promise<ChatSession> {
  await db
    .insert(chatSessions)
    .values({ id: input.chatSession, businessId: input.businessId, userId: input.actor?.userId ?? null, channel: input.channel })
    .onConflictDoNothing();
  const [session] = await db.select().from(chatSessions).where(eq(chatSessions.id, input.chatSession)).limit(1);
  if (!session || session.businessId !== input.businessId) throw notFound('This conversation was not found.');
  if (session.userId !== null && input.actor && session.userId !== input.actor.userId) throw notFound('This conversation was not found.');
  return session;
}

async function recentHistory(db: Db, sessionId: string, beforeId: number) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.id))
    .limit(LLM_HISTORY + 1);
  return rows
    .filter((r) => r.id < beforeId && (r.role === 'user' || r.role === 'agent'))
    .reverse()
    .map((r) => ({ role: r.role as 'user' | 'agent', text: r.content }));
}

type AgentAnswer = { text: string; data?: AgentData; state: unknown };

/** The agent's answer; an unexpected failure becomes the chat fallback error, never an exception. */
async function answer(db: Db, tenant: AgentTenant, session: ChatSession, input: HandleMessageInput, text: string, userMessageId: number): Promise<AgentAnswer> {
  const render = { locale: input.locale, timeZone: tenant.timeZone };
  const ctx = { db, tenant, actor: input.actor, sessionId: session.id, channel: input.channel, now: new Date() };
  try {
    const config = llmConfig();
    const turn = config
      ? await runLlmAgent(ctx, session.state, text, { locale: input.locale, history: await recentHistory(db, session.id, userMessageId), config })
      : await runBuiltInAgent(ctx, session.state, englishReply(text));
    return { ...(await renderReply(turn.reply, render)), state: turn.state };
  } catch (error) {
    logger.error({ err: error, chatSession: session.id }, 'chat agent failed');
    return { ...(await renderReply({ lines: [line('error')] }, render)), state: session.state };
  }
}

/**
 * One chat turn for every transport: stores the rider's message, runs the
 * agent (LLM when configured, else built-in), stores and returns its reply.
 * Refuses a malformed session id or blank or over-long text (400) and another
 * tenant's conversation (404); agent failures are answered, not thrown.
 */
export async function handleUserMessage(db: Db, input: HandleMessageInput): Promise<HandleMessageResult> {
  if (!CHAT_SESSION_PATTERN.test(input.chatSession)) throw badRequest('chatSession: must be 8 to 80 letters, digits, "-" or "_"', 'chatSession');
  const text = typeof input.text === 'string' ? input.text.trim() : '';
  if (!text) throw badRequest('Message is empty', 'text');
  if (text.length > CHAT_MESSAGE_MAX) throw badRequest(`Message is too long (at most ${CHAT_MESSAGE_MAX} characters)`, 'text');
  const tenant = await agentTenant(db, input.businessId);
  if (!tenant) throw notFound('This business was not found.');
  const locale = LOCALE_TAGS.includes(input.locale) ? input.locale : tenantLocale(tenant);
  // One turn at a time per conversation, on every instance (the state is read and written once per turn).
  return serialised(`chat:${input.chatSession}`, async () => {
    const session = await openSession(db, input);
    const [user] = await db.insert(chatMessages).values({ sessionId: session.id, businessId: tenant.id, role: 'user', content: text }).returning();
    const reply = await answer(db, tenant, session, { ...input, locale }, text, user.id);
    await db
      .update(chatSessions)
      .set({
        state: (reply.state ?? {}) as Record<string, unknown>,
        updatedAt: new Date(),
        ...(input.actor && !session.userId ? { userId: input.actor.userId } : {}),
      })
      .where(eq(chatSessions.id, session.id));
    const [agent] = await db
      .insert(chatMessages)
      .values({
        sessionId: session.id,
        businessId: tenant.id,
        role: 'agent',
        content: reply.text,
        data: (reply.data ?? null) as Record<string, unknown> | null,
      })
      .returning();
    return { user: toView(user), agent: toView(agent) };
  });
}

/** The stored messages of a conversation of this tenant, oldest first (the last `limit`); empty for unknown ones. */
export async function chatHistory(db: Db, businessId: number, chatSession: string, limit = 200): Promise<ChatMessageView[]> {
  if (!CHAT_SESSION_PATTERN.test(chatSession)) return [];
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, chatSession), eq(chatMessages.businessId, businessId)))
    .orderBy(desc(chatMessages.id))
    .limit(Math.max(1, Math.min(limit, 1000)));
  return rows.reverse().map(toView);
}

export type CreateRideFromPromptOptions = { actor?: ChatActor; locale?: string };

/**
 * The AI ride-create call (docs/requirements/rider.md#booking-by-chat): the prompt goes through the same agent
 * in the conversation `chatId`; the answer's `data` is the reply text. The
 * payload's ids grant nothing: `actor` (the signed-in session) books.
 */
export async function createRideFromPrompt(
  db: Db,
  tenant: Pick<Tenant, 'id' | 'countryCode' | 'language'>,
  input: AiRideCreateInput,
  options: CreateRideFromPromptOptions = {},
): Promise<{ data: string; message: ChatMessageView }> {
  const { agent } = await handleUserMessage(db, {
    businessId: tenant.id,
    chatSession: input.chatId,
    channel: 'web',
    actor: options.actor ?? null,
    locale: options.locale ?? tenantLocale(tenant),
    text: input.prompt,
  });
  return { data: agent.content.message, message: agent };
}
