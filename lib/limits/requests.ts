import type { Db } from '@/lib/db/client';
import { hitRateLimit } from '@/lib/limits/counters';
import { DomainError, tooManyRequests } from '@/lib/errors/domain-error';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Request limits per client IP and per account, in one place (one-time codes
 * keep theirs in lib/auth/constants.ts, see docs/architecture/accounts.md#one-time-codes). Set far
 * above what a real rider, operator or visitor does; a request past one is
 * answered 429 `rate_limited` with Retry-After, which screens translate
 * (AuthErrors.rate_limited). Counters are per business, so operators never
 * share them; RATE_LIMITS=off switches every limit off (load tests only).
 */
export const LIMITS = {
  /** POST /api/rides: a rider's bookings, and all bookings from one address. */
  bookingPerRider: { max: 10, windowMs: HOUR_MS },
  bookingPerIp: { max: 60, windowMs: HOUR_MS },
  /** POST /api/partner/rides/book: bookings for one customer phone, and all of one console account. */
  partnerBookingPerCustomer: { max: 10, windowMs: HOUR_MS },
  partnerBookingPerAccount: { max: 200, windowMs: HOUR_MS },
  /** "Resend code to customer" on one ride (the first message at booking is not counted). */
  customerCodePerRide: { max: 3, windowMs: HOUR_MS },
  /** The console's reset of a locked start code on one ride (each draws a new code and sends it to the rider: lib/rides/start-code-reset.ts). */
  startCodeResetPerRide: { max: 3, windowMs: DAY_MS },
  /** Booking-chat turns (socket and HTTP fallback): per conversation, and all conversations from one address (lib/chat/turn-limits.ts). */
  chatPerSession: { max: 30, windowMs: 10 * MINUTE_MS },
  chatPerIp: { max: 120, windowMs: HOUR_MS },
  /** POST /api/rides/quote: priced searches from one address, and by one signed-in account (each is stored, lib/jobs/retention.ts purges them). */
  quotePerIp: { max: 60, windowMs: 10 * MINUTE_MS },
  quotePerSession: { max: 30, windowMs: 10 * MINUTE_MS },
  /** Leads (lead call, contact form and campaign signups together) from one address: a burst cap and an hourly cap. */
  leadsPerIp: { max: 5, windowMs: 10 * MINUTE_MS },
  leadsPerIpPerHour: { max: 20, windowMs: HOUR_MS },
  /** GET /api/flights/check from one address (each may cost a paid provider query; answers are cached ten minutes). */
  flightCheckPerIp: { max: 30, windowMs: 10 * MINUTE_MS },
  /** Tracking writes (page views and ad metrics together) from one address. */
  trackingPerIp: { max: 240, windowMs: MINUTE_MS },
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * Counts one request against each named limit for its subject (a client IP, a
 * user id, a phone) within the business; throws 429 once any is exceeded.
 */
/** What a keyed limit says when it refuses: the console's translated sentence (`key` with `values`) and its English. */
export type LimitRefusal = { key: string; message: string; values: Record<string, string | number> };

/**
 * One limit whose refusal is its own sentence, e.g. "the code of ride #12 was
 * sent 3 times this hour": 429 `rate_limited` with Retry-After, carrying the
 * message key the console translates. `refusal` gets the wait and the limit.
 */
export async function enforceKeyedLimit(
  db: Db,
  businessId: number,
  name: LimitName,
  subject: string | number,
  refusal: (retryAfterSeconds: number, max: number) => LimitRefusal,
): Promise<void> {
  const { max, windowMs } = LIMITS[name];
  const decision = await hitRateLimit(db, `${name}:${businessId}:${subject}`, max, windowMs);
  if (decision.allowed) return;
  const { key, message, values } = refusal(decision.retryAfterSeconds, max);
  const limited = new DomainError('rate_limited', 'rate_limited', message, undefined, decision.retryAfterSeconds);
  limited.key = key;
  limited.values = values;
  throw limited;
}

export async function enforceLimits(db: Db, businessId: number, checks: readonly (readonly [LimitName, string | number])[], message?: string): Promise<void> {
  for (const [name, subject] of checks) {
    const { max, windowMs } = LIMITS[name];
    const decision = await hitRateLimit(db, `${name}:${businessId}:${subject}`, max, windowMs);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, message);
  }
}
