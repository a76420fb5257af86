import { endpoint } from '@/lib/api/endpoint';
import { deleteSession, SESSION_COOKIE } from '@/lib/auth/session';
import { clearedSessionCookie } from '@/lib/auth/cookies';
import { jsonResponse } from '@/lib/http/json';

/** Ends the session on the server and clears the cookie. */
export const POST = endpoint({ auth: 'optional' }, async ({ db, req, cookie }) => {
  const bearer = req.headers.get('authorization');
  const token = bearer?.startsWith('Bearer ') ? bearer.slice(7).trim() : cookie(SESSION_COOKIE);
  if (token) await deleteSession(db, token);
  const response = jsonResponse({ success: true });
  response.headers.append('set-cookie', clearedSessionCookie());
  return response;
});
