import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { CLIENT_IP_HEADER, PROXIED_HEADER } from './client-ip';

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

/**
 * The client's address behind `hops` proxies that each append the address
 * they saw to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for): the entry
 * `hops` places from the right. Entries to its left are whatever the client
 * sent and are never read; a list shorter than `hops`, or an entry that is
 * not an address, leaves the socket's address.
 */
export function forwardedClient(forwardedFor: string | undefined, hops: number): string | undefined {
  if (hops <= 0 || !forwardedFor) return undefined;
  const entries = forwardedFor.split(',').map((entry) => entry.trim());
  const entry = entries.length >= hops ? entries[entries.length - hops] : undefined;
  return entry && isIP(entry) ? entry : undefined;
}

/** The client's address of a request this server received (the socket's, or the one `trustedHops` proxies forwarded); socket.io handshakes too, which never pass stampClientIp. */
export function clientAddressOf(req: IncomingMessage, trustedHops: number): string {
  const forwardedFor = req.headers['x-forwarded-for'];
  return forwardedClient(Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, trustedHops) || req.socket?.remoteAddress || 'unknown';
}

function setOwnHeader(req: IncomingMessage, name: string, value: string | undefined): void {
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === name) raw.splice(i, 2);
  if (value === undefined) {
    delete req.headers[name];
    return;
  }
  req.headers[name] = value;
  raw.push(name, value);
}

/**
 * Stamps the client's address on a request before any handler sees it: the
 * socket's address, or the one `trustedHops` proxies put in X-Forwarded-For;
 * and whether the request came through a proxy at all (any forwarding
 * header). Both views of the headers carry them (`headers` for Next,
 * `rawHeaders`, from which @hono/node-server builds the API's requests), and
 * values the client sent itself are dropped from both.
 */
export function stampClientIp(req: IncomingMessage, trustedHops: number): string {
  const ip = clientAddressOf(req, trustedHops);
  setOwnHeader(req, CLIENT_IP_HEADER, ip);
  setOwnHeader(req, PROXIED_HEADER, FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined) ? '1' : undefined);
  return ip;
}
