import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { deleteSession, SESSION_COOKIE } from '@/lib/auth/session';
import { clearedSessionCookie } from '@/lib/auth/cookies';

/** Ends the session on the server and clears the cookie. */
export const POST = route({ auth: 'optional' }, async ({ db, req }) => {
  const bearer = req.headers.get('authorization');
  const token = bearer?.startsWith('Bearer ') ? bearer.slice(7).trim() : req.cookies.get(SESSION_COOKIE)?.value;
  if (token) await deleteSession(db, token);
  const response = NextResponse.json({ success: true });
  response.headers.append('set-cookie', clearedSessionCookie());
  return response;
});
