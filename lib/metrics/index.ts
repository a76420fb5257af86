import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of this instance (prom-client), served by server.ts on
 * METRICS_PORT (a port of its own, on METRICS_HOSTNAME, loopback by default)
 * so the public listener never shows them. One registry per process, on
 * globalThis: Next's bundle and the server's share it.
 */
type Metrics = {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  duration: Histogram<'route' | 'method'>;
  transitions: Counter<'to'>;
  documentCache: Counter<'result'>;
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
    requests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to the end of the answer, by route',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    transitions: new Counter({
      name: 'ride_transitions_total',
      help: 'Ride status changes made by this instance, by new status',
      labelNames: ['to'],
      registers: [registry],
    }),
    documentCache: new Counter({
      name: 'document_cache_requests_total',
      help: "Front door's cached documents and pages: hit, stale (answered, refreshed behind) or miss",
      labelNames: ['result'],
      registers: [registry],
    }),
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

const LOCALE_SEGMENT = /^[a-z]{2}$/;

/**
 * A bounded route label for a request: the API router's route pattern when it
 * matched one, else the page family (`/{country}/{lang}/...` -> `page:/blog`,
 * first segment after the locale), Next's assets, socket.io.
 */
export function pageRouteOf(path: string): string {
  if (path.startsWith('/_next/')) return 'next-asset';
  if (path.startsWith('/socket.io/')) return 'socket.io';
  const parts = path.split('/').filter(Boolean);
  if (parts.length >= 2 && LOCALE_SEGMENT.test(parts[0]) && LOCALE_SEGMENT.test(parts[1])) {
    const section = parts[2] ?? '';
    const sub = section === 'user' || section === 'travel' || section === 'driver' || section === 'business' ? `/${parts[3] ?? ''}` : '';
    return `page:/${section}${sub}`;
  }
  if (parts.length === 1 && parts[0].includes('.')) return 'static';
  return 'other';
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

/** Counts the request and its duration when its answer ends; cached documents count as hits, stale answers or misses. */
export function observeRequest(req: IncomingMessage, res: ServerResponse, path: string): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const m = metrics();
    const route = routeLabels.get(req) ?? (path.startsWith('/api/') ? 'api:unmatched' : pageRouteOf(path));
    const method = req.method ?? 'GET';
    m.requests.inc({ route, method, status: String(res.statusCode) });
    m.duration.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
    const cache = (res as NotedResponse)[CACHE_RESULT] ?? res.getHeader('x-page-cache');
    if (typeof cache === 'string') m.documentCache.inc({ result: cache.toLowerCase() });
  });
}
