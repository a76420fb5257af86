import type { IncomingMessage } from 'node:http';
import { CLIENT_IP_HEADER } from './client-ip';

/**
 * Stamps the client's address on a request before any handler sees it: the
 * socket's address, or the first X-Forwarded-For hop behind a trusted proxy.
 * Both views of the headers carry it (`headers` for Next, `rawHeaders`, from
 * which @hono/node-server builds the API's requests), and a value the client
 * sent itself is dropped from both.
 */
export function stampClientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        .trim()
    : '';
  const ip = forwarded || req.socket.remoteAddress || 'unknown';
  req.headers[CLIENT_IP_HEADER] = ip;
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === CLIENT_IP_HEADER) raw.splice(i, 2);
  raw.push(CLIENT_IP_HEADER, ip);
  return ip;
}
