/** Set by server.ts from the socket (or X-Forwarded-For with TRUST_PROXY=1); any client-sent value is overwritten. */
export const CLIENT_IP_HEADER = 'x-travelsx-client-ip';

export function clientIp(headers: Headers): string {
  return headers.get(CLIENT_IP_HEADER) ?? 'unknown';
}
