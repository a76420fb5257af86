import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';
import { loginTickets, type Business, type User } from '@/lib/db/schema';
import { hashToken, newToken } from '@/lib/crypto/tokens';

const TICKET_TTL_MS = 2 * 60 * 1000;

/**
 * The console host of a business: {slug}.TRAVEL_HOST on the port the request
 * came in on. It stays there after the operator verifies its own domain (the
 * rider site moves, the console does not): the platform's certificate covers
 * it and the console stays reachable while the operator's DNS is wrong.
 */
export function consoleOrigin(business: Pick<Business, 'slug'>, requestHost: string, scheme: 'http' | 'https'): string {
  const port = /:(\d+)$/.exec(requestHost)?.[1];
  const travelHost = env().TRAVEL_HOST;
  return `${env().PUBLIC_ORIGIN_SCHEME ?? scheme}://${business.slug}.${travelHost}${port ? `:${port}` : ''}`;
}

/** A single-use, two-minute ticket that signs the user in on the business's own host. Returns the URL to open. */
export async function createLoginTicket(
  db: Db,
  input: { user: User; business: Business; host: string; scheme: 'http' | 'https'; nextPath: string },
): Promise<string> {
  const ticket = newToken();
  await db.insert(loginTickets).values({
    ticketHash: hashToken(ticket),
    userId: input.user.id,
    businessId: input.business.id,
    next: input.nextPath,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return `${consoleOrigin(input.business, input.host, input.scheme)}/api/auth/handoff?ticket=${encodeURIComponent(ticket)}`;
}

/** Uses a ticket on the business it was made for; undefined when unknown, used, expired or foreign. */
export async function redeemLoginTicket(db: Db, ticket: string, businessId: number): Promise<{ userId: number; next: string } | undefined> {
  if (!ticket || ticket.length > 200) return undefined;
  const [row] = await db
    .update(loginTickets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(loginTickets.ticketHash, hashToken(ticket)),
        eq(loginTickets.businessId, businessId),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ? { userId: row.userId, next: row.next } : undefined;
}
