/** Set by server.ts from the socket (or X-Forwarded-For behind TRUST_PROXY proxies); any client-sent value is overwritten. */
export const CLIENT_IP_HEADER = 'x-travelsx-client-ip';
/** Set by server.ts to "1" when the request carries a forwarding header (it came through a proxy, or claims to); never left as the client sent it. */
export const PROXIED_HEADER = 'x-travelsx-proxied';

export function clientIp(headers: Headers): string {
  return headers.get(CLIENT_IP_HEADER) ?? 'unknown';
}

/** True when the request came through a proxy or carries a forwarding header (see PROXIED_HEADER). */
export function cameThroughProxy(headers: Headers): boolean {
  return headers.get(PROXIED_HEADER) === '1';
}
