import { zonedIso } from '@/lib/fares/time';
import type { AgentReply, ReplyLine } from './reply';
import type { AgentState } from './state';
import type { ToolContext } from './tools';

/** What a turn of the agent works with: the tools' context and the turn's clock. */
export type AgentContext = ToolContext & { now: Date };
/** A turn's answer and the state kept for the next one. */
export type Turn = { reply: AgentReply; state: AgentState };

export const say = (state: AgentState, lines: ReplyLine[], extra: Omit<AgentReply, 'lines'> = {}): Turn => ({ state, reply: { lines, ...extra } });

/** A slot's local date and time as an instant in the operator's zone; undefined until both are known. */
export const zonedAt = (date: string | undefined, time: string | undefined, timeZone: string) => (date && time ? zonedIso(date, time, timeZone) : undefined);
