import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './session';

/** Set-Cookie for a session: __Host- prefix, HttpOnly, Secure, SameSite=Lax, whole site. */
export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${Math.floor(SESSION_ABSOLUTE_MS / 1000)}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}
