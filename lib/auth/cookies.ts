import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './session';

/** Set-Cookie for a session: __Host- prefix, HttpOnly, Secure, SameSite=Lax, whole site. */
export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${Math.floor(SESSION_ABSOLUTE_MS / 1000)}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** The browser's code request (lib/auth/otp.ts binds each code to it): HttpOnly, Secure, SameSite=Strict, as long as a code lives. */
export const CODE_REQUEST_COOKIE = '__Host-code-request';

export function codeRequestCookie(token: string, maxAgeSeconds: number): string {
  return `${CODE_REQUEST_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${maxAgeSeconds}`;
}
