import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { endpoint } from '@/lib/api/endpoint';
import { redeemLoginTicket } from '@/lib/auth/tickets';
import { createSession } from '@/lib/auth/session';
import { sessionCookie } from '@/lib/auth/cookies';
import { users } from '@/lib/db/schema';
import { localizedPath, type CountryCode } from '@/lib/i18n/markets';

/** Completes a login that began on another host: redeems the ticket, sets the cookie here, 303 to the console. */
export const GET = endpoint({ query: z.object({ ticket: z.string().min(1).max(200) }) }, async ({ db, tenant, query, req }) => {
  const redeemed = await redeemLoginTicket(db, query.ticket, tenant.id);
  const loginPath = localizedPath({ country: tenant.countryCode as CountryCode, lang: tenant.language }, '/travel/login');
  if (!redeemed) return new Response(null, { status: 303, headers: { location: loginPath } });
  const [user] = await db.select().from(users).where(eq(users.id, redeemed.userId)).limit(1);
  const token = await createSession(db, user, req.headers.get('user-agent'));
  const response = new Response(null, { status: 303, headers: { location: redeemed.next } });
  response.headers.append('set-cookie', sessionCookie(token));
  return response;
});
