import { env } from '@/lib/env';
import { forbidden, notFound } from '@/lib/errors/domain-error';
import { cameThroughProxy, clientIp } from '@/lib/http/client-ip';

/** True for an address of this machine: 127.0.0.0/8 and ::1, also IPv4-mapped. */
export function isLoopbackClient(ip: string): boolean {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
  if (address === '::1' || address === '0:0:0:0:0:0:0:1') return true;
  const octets = address.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}

/**
 * The development outbox shows sign-in codes, so it answers only with
 * DEV_OUTBOX=1 (404 otherwise) and only to a client on this machine that
 * reached it directly (403): never through a proxy, whatever address a
 * forwarding header names.
 */
export function assertDevOutboxAccess(headers: Headers): void {
  if (env().DEV_OUTBOX !== '1') throw notFound();
  if (cameThroughProxy(headers)) throw forbidden('The development outbox does not answer through a proxy: ask this server directly from this machine.');
  if (!isLoopbackClient(clientIp(headers))) throw forbidden('The development outbox answers only requests from this machine (127.0.0.1 or ::1).');
}
