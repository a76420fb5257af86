import dns from 'node:dns';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { env } from '@/lib/env';

/*
 * Where web push may connect: the browsers' push services on their public
 * hosts, and the hosts the deployment adds (PUSH_ENDPOINT_HOSTS). A push
 * service's name is resolved again at each send, and an answer on a loopback,
 * private, link-local, shared or metadata address is refused before any
 * connection (a name that moves inside, or DNS that lies).
 */

/** The push services of Chrome/Android, Firefox, Safari and Edge: a host, or every host under `.suffix`. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/** True for an address no push service has: loopback, private, link-local (metadata services), shared, multicast, reserved; IPv4-mapped and IPv4-compatible forms too. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isInternalAddress(mapped[1]);
  const family = isIP(address);
  if (!family) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function addedHosts(): string[] {
  return (env().PUSH_ENDPOINT_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

const onList = (host: string, list: readonly string[]) => list.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) : host === entry));

/** An entry of PUSH_ENDPOINT_HOSTS names the host (any port) or host:port (443 when the URL gives none); IPv6 with or without brackets. */
function onAddedList(url: URL): boolean {
  const hostname = url.hostname.toLowerCase();
  const names = [hostname, hostname.replace(/^\[|\]$/g, ''), `${hostname}:${url.port || '443'}`];
  const added = addedHosts();
  return names.some((name) => onList(name, added));
}

/** Why a subscription endpoint is refused, or undefined: it must be https on a push service's host (or one PUSH_ENDPOINT_HOSTS adds). */
export function endpointProblem(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be an https URL';
  }
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (onAddedList(url)) return undefined;
  if (isIP(host)) return 'must name a push service, not an address';
  if (!onList(host, PUSH_SERVICE_HOSTS) || url.port)
    return `must be on a browser push service (${PUSH_SERVICE_HOSTS.map((h) => h.replace(/^\./, '*.')).join(', ')})`;
  return undefined;
}

/** True when the deployment added this endpoint's host itself (a self-hosted service may sit on a private address). */
export function isAddedHost(endpoint: string): boolean {
  return onAddedList(new URL(endpoint));
}

export class InternalAddressError extends Error {
  readonly code = 'EINTERNALADDRESS';
}

/** dns.lookup that refuses a name answering with an internal address. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    const internal = list.find((entry) => isInternalAddress(entry.address));
    if (internal || !list.length) return callback(new InternalAddressError(`${hostname} resolves to ${internal?.address ?? 'nothing'}`), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/** The https agent of sends to public push services: connects only to addresses that pass the check above. */
export const publicPushAgent = new https.Agent({ keepAlive: true, lookup: publicLookup });
