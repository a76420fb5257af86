import type { Db } from '@/lib/db/client';
import type { OutboxChannel } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { bumpCounters, counterFullUntil } from '@/lib/limits/counters';
import { isCodePurpose, onceWindowMs, type MessagePurpose } from './purposes';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The message budget: what one operator may send to a number or address it
 * did not prove is its own. Counted in the database (rate_limits), so every
 * instance shares the counts; a message past any of them is refused and
 * counts nowhere. The operator's daily cap is the platform's
 * (MESSAGE_DAILY_CAP, MESSAGE_DAILY_CAPS); RATE_LIMITS=off (load tests) lifts
 * the counts but not the once-per-window rule.
 */
export const MESSAGE_LIMITS = {
  /** To one recipient from one operator, all purposes and channels together but sign-in codes. */
  recipientPerHour: 10,
  recipientPerDay: 30,
  /** Sign-in codes to one recipient from one operator: above what the codes' own resend wait lets through (11 in a first hour, 6 an hour after). */
  codesPerHour: 12,
  codesPerDay: 150,
  /** About one ride, all recipients and channels together. */
  ridePerDay: 20,
} as const;

export type RefusalReason = 'recipient_hour' | 'recipient_day' | 'ride_day' | 'operator_hour' | 'operator_day' | 'once_per_window' | 'abroad' | 'bad_recipient';

/** Why a message was not sent, and when a like one may go (seconds; 0 when waiting does not help). */
export type Refusal = { reason: RefusalReason; retryAfterSeconds: number; max?: number };

export type BudgetInput = { businessId: number; slug: string; channel: OutboxChannel; recipient: string; purpose: MessagePurpose; rideId?: number };

type Counter = { key: string; max: number; windowMs: number; reason: RefusalReason };

/** The platform's daily cap for one operator: its entry in MESSAGE_DAILY_CAPS, else MESSAGE_DAILY_CAP. */
export function operatorDailyCap(slug: string): number {
  const config = env();
  for (const pair of (config.MESSAGE_DAILY_CAPS ?? '').split(',')) {
    const [name, value] = pair.split('=').map((part) => part.trim());
    if (name === slug && value) return Number(value);
  }
  return config.MESSAGE_DAILY_CAP;
}

const onceKey = (purpose: MessagePurpose, rideId: number, channel: OutboxChannel) => `msg:once:${purpose}:${rideId}:${channel}`;

function counters(input: BudgetInput): Counter[] {
  const { businessId: biz, recipient, rideId } = input;
  const list: Counter[] = [];
  const once = onceWindowMs(input.purpose);
  if (once && rideId !== undefined) list.push({ key: onceKey(input.purpose, rideId, input.channel), max: 1, windowMs: once, reason: 'once_per_window' });
  if (env().RATE_LIMITS === 'off') return list;
  const cap = operatorDailyCap(input.slug);
  const [bucket, hour, day] = isCodePurpose(input.purpose)
    ? ['codes', MESSAGE_LIMITS.codesPerHour, MESSAGE_LIMITS.codesPerDay]
    : ['to', MESSAGE_LIMITS.recipientPerHour, MESSAGE_LIMITS.recipientPerDay];
  list.push(
    { key: `msg:${bucket}:h:${biz}:${recipient}`, max: hour, windowMs: HOUR_MS, reason: 'recipient_hour' },
    { key: `msg:${bucket}:d:${biz}:${recipient}`, max: day, windowMs: DAY_MS, reason: 'recipient_day' },
    { key: `msg:op:h:${biz}`, max: Math.ceil(cap / 4), windowMs: HOUR_MS, reason: 'operator_hour' },
    { key: `msg:op:d:${biz}`, max: cap, windowMs: DAY_MS, reason: 'operator_day' },
  );
  if (rideId !== undefined) list.push({ key: `msg:ride:${rideId}`, max: MESSAGE_LIMITS.ridePerDay, windowMs: DAY_MS, reason: 'ride_day' });
  // one order for every sender, so concurrent transactions lock the rows alike and never deadlock
  return list.sort((a, b) => (a.key < b.key ? -1 : 1));
}

class OverBudget extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

/**
 * Counts one message against every budget it falls under, all or nothing (one
 * transaction): undefined when it may go, else the first budget it is over.
 */
export async function chargeBudget(db: Db, input: BudgetInput): Promise<Refusal | undefined> {
  const list = counters(input);
  if (!list.length) return undefined;
  try {
    await db.transaction(async (tx) => {
      // every counter in one statement; over any of them, the transaction is rolled back and none counts
      const bumped = await bumpCounters(tx, list);
      for (const counter of list) {
        const { count, retryAfterSeconds } = bumped.get(counter.key)!;
        if (count > counter.max) throw new OverBudget({ reason: counter.reason, retryAfterSeconds, max: counter.max });
      }
    });
    return undefined;
  } catch (error) {
    if (error instanceof OverBudget) return error.refusal;
    throw error;
  }
}

/** When another message of a once-per-window purpose may go about this ride on this channel; undefined: now. */
export async function onceWindowEnd(db: Db, purpose: MessagePurpose, rideId: number, channel: OutboxChannel): Promise<Date | undefined> {
  const windowMs = onceWindowMs(purpose);
  return windowMs ? counterFullUntil(db, onceKey(purpose, rideId, channel), 1, windowMs) : undefined;
}
