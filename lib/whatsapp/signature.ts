import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/** Checks Meta's X-Hub-Signature-256 ("sha256=" + hex HMAC-SHA256 of the raw body with the app secret) in constant time. */
export function isValidSignature(rawBody: Buffer, header: string | null | undefined, appSecret: string): boolean {
  if (!header?.startsWith(PREFIX)) return false;
  const hex = header.slice(PREFIX.length).trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
}

/** The header value a sender computes; used by tests and local tools. */
export function signBody(rawBody: Buffer | string, appSecret: string): string {
  return PREFIX + createHmac('sha256', appSecret).update(rawBody).digest('hex');
}
