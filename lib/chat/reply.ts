import { createTranslator } from 'next-intl';
import type { VehicleType } from '@/lib/db/schema/rides';
import { formatDateTime, formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { loadMessages, type Messages } from '@/lib/i18n/messages';
import { ltrText } from '@/lib/i18n/bidi';
import type { AgentData } from './contract';

export type ChatAgentKey = keyof Messages['ChatAgent'];
export type ValidationKey = keyof Messages['Validation'];

/** A value of a reply line; objects are formatted in the page's language when the reply is rendered. */
export type ReplyValue =
  | string
  | number
  | { vehicle: VehicleType }
  | { money: number; currency: string }
  | { at: string }
  | { km: number }
  | { duration: number }
  /** Text read left to right (a phone number), isolated on a right-to-left page. */
  | { ltr: string }
  | { line: ReplyLine }
  /** A refusal the booking API gives, in its `Validation` words (a flight that does not fit the trip). */
  | { validation: ValidationKey; values?: Record<string, string | number> };

export type ReplyLine = { key: ChatAgentKey; values?: Record<string, ReplyValue> };

/**
 * What the agent answers: message keys of the `ChatAgent` namespace with their
 * values (built-in agent) or ready text (LLM agent), and the card data.
 * `dataSummary` becomes `data.summary` of a confirm card once rendered.
 */
export type AgentReply = { lines: ReplyLine[]; text?: string; data?: AgentData; dataSummary?: ReplyLine };

export const line = (key: ChatAgentKey, values?: Record<string, ReplyValue>): ReplyLine => (values ? { key, values } : { key });

type ChatMessages = Pick<Messages, 'ChatAgent' | 'VehicleTypes' | 'Validation'>;
const cache = new Map<string, Promise<ChatMessages>>();

/** The language's messages with English filling any key the translators have not done yet. */
function chatMessages(locale: string): Promise<ChatMessages> {
  let found = cache.get(locale);
  if (!found) {
    found = Promise.all([loadMessages('en'), loadMessages(locale)]).then(([en, own]) => ({
      ChatAgent: { ...en.ChatAgent, ...(own as Partial<Messages>).ChatAgent },
      VehicleTypes: { ...en.VehicleTypes, ...(own as Partial<Messages>).VehicleTypes },
      Validation: { ...en.Validation, ...(own as Partial<Messages>).Validation },
    }));
    cache.set(locale, found);
  }
  return found;
}

export type RenderContext = { locale: string; timeZone: string };

/** Renders a reply in the page's language. */
export async function renderReply(reply: AgentReply, ctx: RenderContext): Promise<{ text: string; data?: AgentData }> {
  const messages = await chatMessages(ctx.locale);
  const t = createTranslator({ locale: ctx.locale, messages, namespace: 'ChatAgent' });
  const vehicle = createTranslator({ locale: ctx.locale, messages, namespace: 'VehicleTypes' });
  const validation = createTranslator({ locale: ctx.locale, messages, namespace: 'Validation' });
  const format = (value: ReplyValue): string | number => {
    if (typeof value === 'string' || typeof value === 'number') return value;
    if ('vehicle' in value) return vehicle(value.vehicle);
    if ('money' in value) return formatMoney(value.money, value.currency, ctx.locale);
    if ('at' in value) return formatDateTime(value.at, ctx.locale, ctx.timeZone);
    if ('km' in value) return formatKm(value.km, ctx.locale);
    if ('duration' in value) return formatDuration(value.duration, ctx.locale);
    if ('ltr' in value) return ltrText(value.ltr, ctx.locale);
    if ('validation' in value) return validation(value.validation, value.values ?? {});
    return render(value.line);
  };
  const render = (l: ReplyLine): string => t(l.key, Object.fromEntries(Object.entries(l.values ?? {}).map(([k, v]) => [k, format(v)])));
  const text = reply.text ?? reply.lines.map(render).join('\n');
  const data = reply.data?.kind === 'confirm' && reply.dataSummary ? { ...reply.data, summary: render(reply.dataSummary) } : reply.data;
  return data ? { text, data } : { text };
}
