import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { KeyedCounter, KeyedHistogram } from './series';

/**
 * Prometheus metrics of this instance (prom-client), served by server.ts on
 * METRICS_PORT (a port of its own, on METRICS_HOSTNAME, loopback by default)
 * so the public listener never shows them. One registry per process, on
 * globalThis: Next's bundle and the server's share it.
 */
type Metrics = {
  registry: Registry;
  /** By route, method and status (lib/metrics/series.ts: one record per label set, found by one key). */
  requests: KeyedCounter;
  /** By route and method. */
  duration: KeyedHistogram;
  transitions: Counter<'to'>;
  /** By result: hit, stale or miss. */
  documentCache: KeyedCounter;
  sockets: Gauge;
  outbox: Gauge<'channel'>;
  clusterNotices: Counter;
  readers: Readers;
};

type Readers = { sockets: () => number; outbox: () => Promise<{ channel: string; count: number }[]> };

const holder = globalThis as typeof globalThis & { __travelsxMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'travelsx' });
  collectDefaultMetrics({ register: registry });
  const readers: Readers = { sockets: () => 0, outbox: async () => [] };
  return {
    readers,
    registry,
    requests: new KeyedCounter('http_requests_total', 'HTTP requests answered, by route', registry),
    duration: new KeyedHistogram(
      'http_request_duration_seconds',
      'Time from request to the end of the answer, by route',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registry,
    ),
    transitions: new Counter({
      name: 'ride_transitions_total',
      help: 'Ride status changes made by this instance, by new status',
      labelNames: ['to'],
      registers: [registry],
    }),
    documentCache: new KeyedCounter(
      'document_cache_requests_total',
      "Front door's cached documents and pages: hit, stale (answered, refreshed behind) or miss",
      registry,
    ),
    sockets: new Gauge({
      name: 'socket_connections',
      help: 'socket.io clients connected to this instance',
      registers: [registry],
      collect() {
        this.set(readers.sockets());
      },
    }),
    outbox: new Gauge({
      name: 'outbox_backlog',
      help: 'Messages waiting in the outbox (queued, not yet sent), by channel',
      labelNames: ['channel'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const channel of ['email', 'sms', 'whatsapp']) this.set({ channel }, 0);
        for (const row of await readers.outbox()) this.set({ channel: row.channel }, row.count);
      },
    }),
    clusterNotices: new Counter({ name: 'cluster_notices_received_total', help: 'Cache notices received from other instances', registers: [registry] }),
  };
}

export function metrics(): Metrics {
  return (holder.__travelsxMetrics ??= create());
}

/** Gauges read when scraped (sockets, outbox backlog): server.ts hands in how to read them. */
export function collectOnScrape(read: Readers): void {
  Object.assign(metrics().readers, read);
}

const isLocaleSegment = (path: string, at: number, end: number) =>
  end - at === 2 && path.charCodeAt(at) >= 97 && path.charCodeAt(at) <= 122 && path.charCodeAt(at + 1) >= 97 && path.charCodeAt(at + 1) <= 122;

/** The end of the path segment that starts at `at` (the next "/" or the end). */
function segmentEnd(path: string, at: number): number {
  const slash = path.indexOf('/', at);
  return slash === -1 ? path.length : slash;
}

/** The index after any slashes from `at` (empty segments are skipped, as `split('/').filter(Boolean)` did). */
function skipSlashes(path: string, at: number): number {
  while (at < path.length && path.charCodeAt(at) === 47) at++;
  return at;
}

const CONSOLE_SECTIONS = new Set(['user', 'travel', 'driver', 'business']);

/**
 * A bounded route label for a request: the API router's route pattern when it
 * matched one, else the page family (`/{country}/{lang}/...` -> `page:/blog`,
 * first segment after the locale), Next's assets, socket.io. Read by index, not
 * by splitting the path: it runs on every answer.
 */
export function pageRouteOf(path: string): string {
  if (path.startsWith('/_next/')) return 'next-asset';
  if (path.startsWith('/socket.io/')) return 'socket.io';
  const first = skipSlashes(path, 0);
  if (first === path.length) return 'other';
  const firstEnd = segmentEnd(path, first);
  const second = skipSlashes(path, firstEnd);
  if (second === path.length) return path.slice(first, firstEnd).includes('.') ? 'static' : 'other';
  const secondEnd = segmentEnd(path, second);
  if (!isLocaleSegment(path, first, firstEnd) || !isLocaleSegment(path, second, secondEnd)) return 'other';
  const third = skipSlashes(path, secondEnd);
  const section = path.slice(third, segmentEnd(path, third));
  if (!CONSOLE_SECTIONS.has(section)) return `page:/${section}`;
  const fourth = skipSlashes(path, third + section.length);
  return `page:/${section}/${path.slice(fourth, segmentEnd(path, fourth))}`;
}

const routeLabels = new WeakMap<IncomingMessage, string>();

/** The API router names the matched route pattern for the request's metrics. */
export function labelRoute(req: IncomingMessage | undefined, route: string): void {
  if (req) routeLabels.set(req, route);
}

const CACHE_RESULT = Symbol('travelsx.cacheResult');
type NotedResponse = ServerResponse & { [CACHE_RESULT]?: string };

/** The front door says how it answered a page (HIT, STALE, MISS) for the document cache counter (a property, not a WeakMap: cheaper per answer). */
export function noteCacheResult(res: ServerResponse, result: string): void {
  (res as NotedResponse)[CACHE_RESULT] = result;
}

const SEP = '\u0000';

/**
 * Counts an answer by route, method and status with its duration, and a cached page by how the front door answered
 * it; called when the response closes (lib/http/lifecycle.ts, `trackRequest`): an answer cut off before its end
 * (`writableFinished` false) is not counted, as it was not when this listened for 'finish'.
 */
export function countAnswer(req: IncomingMessage, res: ServerResponse, path: string, ms: number): void {
  if (!res.writableFinished) return;
  const m = metrics();
  const route = routeLabels.get(req) ?? (path.startsWith('/api/') ? 'api:unmatched' : pageRouteOf(path));
  const method = req.method ?? 'GET';
  const status = res.statusCode;
  const routeKey = route + SEP + method;
  m.requests.add(routeKey + SEP + status, () => ({ route, method, status: String(status) }));
  m.duration.observe(routeKey, () => ({ route, method }), ms / 1000);
  const cache = (res as NotedResponse)[CACHE_RESULT] ?? res.getHeader('x-page-cache');
  if (typeof cache === 'string') {
    const result = cache.toLowerCase();
    m.documentCache.add(result, () => ({ result }));
  }
}
