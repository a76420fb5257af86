import { completeChat, type LlmConfig, type LlmMessage as Message } from '@/lib/llm/client';
import { logger } from '@/lib/log';
import type { Ride } from '@/lib/db/schema/rides';
import { runBuiltInAgent } from './agent';
import { bookedLine, rideSummaryLine } from './agent-summary';
import type { AgentContext, Turn } from './agent-turn';
import { LLM_TOOLS, runLlmTool, type ToolEffects } from './llm-tools';
import { parseMessage } from './parse';
import { isOperator } from './agent-customer';
import { readState, type AgentState } from './state';

export type HistoryItem = { role: 'user' | 'agent'; text: string };

/** Per request to the LLM API, in ms; past it the built-in agent answers the turn. */
export const LLM_TIMEOUT_MS = 20_000;
/** Tool-call rounds in one turn before giving up. */
const MAX_ROUNDS = 5;
/** Earlier messages sent along for context. */
export const LLM_HISTORY = 20;
/** Longest reply taken from the LLM, in characters. */
const REPLY_MAX = 4000;

function systemPrompt(ctx: AgentContext, locale: string, state: AgentState): string {
  const language = new Intl.DisplayNames(['en'], { type: 'language' }).of(locale.split('-')[0]) ?? 'English';
  const now = new Intl.DateTimeFormat('en-GB', { timeZone: ctx.tenant.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(ctx.now);
  const quote = state.llmQuote
    ? `The last quote is ride_search_id ${state.llmQuote.id} with ${state.llmQuote.options.map((o) => o.vehicleType).join(', ')}.`
    : '';
  return [
    `You are the taxi booking assistant of ${ctx.tenant.name} (country ${ctx.tenant.countryCode.toUpperCase()}, currency ${ctx.tenant.currency}).`,
    `It is now ${now} in ${ctx.tenant.timeZone}; times the rider gives are in that zone.`,
    `Always answer in ${language}, briefly, in plain text.`,
    'Find out pickup, drop-off (not for rentals), pickup time, one-way or return (and the return time), then call quote. Ask for one missing thing at a time.',
    'Never invent fares. Book only after the rider said yes to one vehicle and fare; if booking needs sign-in, ask the rider to sign in.',
    'For a pickup at an airport, ask for the flight number (such as AI 302) and pass it to book as flight_number: the driver follows the flight. If book answers flight_refused, tell the rider its message and ask again.',
    'When the rider gives a promo code ("use code FEST550"), at any point: once a vehicle is chosen call check_promo, say its discount_line as its own line with the total after it (or its message when it refuses the code), and pass the code to book as promo_code.',
    isOperator(ctx.actor)
      ? "You are talking to the operator's staff, who book for a customer on the phone: before booking, ask for the customer's name and phone number and pass them to book as customer_name and customer_phone. Never book for the operator. The customer gets the start code by SMS or WhatsApp; do not tell it."
      : ctx.actor
        ? `The rider is signed in${ctx.actor.name ? ` as ${ctx.actor.name}` : ''}.`
        : 'The rider is not signed in yet: quote and answer as usual; only booking needs sign-in, and the chat keeps the trip for after it.',
    quote,
  ]
    .filter(Boolean)
    .join('\n');
}

async function llmTurn(ctx: AgentContext, state: AgentState, text: string, options: LlmOptions, effects: ToolEffects): Promise<Turn> {
  const messages: Message[] = [
    { role: 'system', content: systemPrompt(ctx, options.locale, state) },
    ...options.history.slice(-LLM_HISTORY).map((h): Message => ({ role: h.role === 'user' ? 'user' : 'assistant', content: h.text })),
    { role: 'user', content: text },
  ];
  const toolCtx = { ...ctx, locale: options.locale, confirmed: parseMessage(text, { timeZone: ctx.tenant.timeZone }).answer === 'yes' };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const message = await completeChat(options.config, { messages, tools: LLM_TOOLS, temperature: 0.2, timeoutMs: LLM_TIMEOUT_MS });
    if (!message.tool_calls?.length) {
      const reply = (message.content ?? '').trim().slice(0, REPLY_MAX);
      if (!reply) throw new Error('LLM API returned an empty reply');
      const next: AgentState = { ...state, llmQuote: effects.quote ?? state.llmQuote, bookedRideId: effects.booked?.number ?? state.bookedRideId };
      return { state: next, reply: { lines: [], text: reply, data: effects.data } };
    }
    messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: message.tool_calls });
    for (const call of message.tool_calls) {
      const result = await runLlmTool(call.function?.name ?? '', call.function?.arguments ?? '{}', toolCtx, effects);
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
    }
  }
  throw new Error('LLM agent used too many tool rounds');
}

/** A booking made before the LLM failed is reported, never hidden behind a fallback answer (for the console: whom it was for). */
function bookedTurn(state: AgentState, ride: Ride, customer: ToolEffects['customer']): Turn {
  return {
    state: { ...state, bookedRideId: ride.number },
    reply: {
      lines: [bookedLine(ride, { vehicle: ride.vehicleType }, rideSummaryLine(ride), customer)],
      data: { kind: 'booked', rideId: ride.number, total: ride.totalAmount, cashbackAmount: ride.cashbackAmount, currency: ride.currency },
    },
  };
}

export type LlmOptions = { locale: string; history: HistoryItem[]; config: LlmConfig };

/**
 * One turn through an OpenAI-compatible chat-completions API with tool calls
 * (the same tools as the built-in agent). On any failure or timeout the
 * built-in agent answers this turn and a warning is logged.
 */
export async function runLlmAgent(ctx: AgentContext, stored: unknown, text: string, options: LlmOptions): Promise<Turn> {
  const state = readState(stored);
  const effects: ToolEffects = {};
  try {
    return await llmTurn(ctx, state, text, options, effects);
  } catch (error) {
    logger.warn({ err: error, chatSession: ctx.sessionId }, 'LLM agent failed; the built-in agent answers this turn');
    if (effects.booked) return bookedTurn(state, effects.booked, effects.customer);
    return runBuiltInAgent(ctx, stored, text);
  }
}
