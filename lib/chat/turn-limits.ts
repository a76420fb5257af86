import type { Db } from '@/lib/db/client';
import { enforceLimits } from '@/lib/limits/requests';

/**
 * Issue 35 §7: the booking chat stored every message anyone sent (150 in 3 s
 * from one client). Each web turn, over the socket or the HTTP fallback, counts
 * against its conversation and against the sender's address
 * (LIMITS.chatPerSession, LIMITS.chatPerIp in lib/limits/requests.ts); past
 * either it is refused with 429 `rate_limited` before the agent runs or
 * anything is stored. RATE_LIMITS=off lifts them (load tests).
 */
export async function enforceChatLimits(db: Db, businessId: number, chatSession: string, ip: string): Promise<void> {
  await enforceLimits(
    db,
    businessId,
    [
      ['chatPerSession', chatSession],
      ['chatPerIp', ip],
    ],
    'Too many chat messages. Wait a few minutes and try again.',
  );
}
