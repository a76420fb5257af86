import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { noteCacheResult } from '@/lib/metrics';
import { createPageStore, type StoredPage } from '@/lib/page-cache/stores';
import { freshMsFor, internalPathOf, newNonce, pageKey, sendWhole, type FrontContext } from './answers';
import { sharedMaxAge } from './document-html';
import { acceptsGzip, storedHeaders } from './headers';
import { gzipNonced, renderNonced, splitForNonce, type NoncedPage } from './nonced-page';
import { scriptsAfterPaint } from './scripts-after-paint';
import { streamPage } from './stream';
import type { Upstream } from './upstream';

/** An app page Next prerendered (user home, booking form): answered from memory with a fresh nonce each time. */
type AppPageEntry = StoredPage & { headers: Record<string, string | string[]>; page: NoncedPage };

type CacheState = 'HIT' | 'MISS' | 'STALE';

/** A prerendered app page (Next's s-maxage, no cookie set) can be kept; its freshness is Next's s-maxage. */
function toAppPage(upstream: Upstream): AppPageEntry | undefined {
  const freshSeconds = sharedMaxAge(String(upstream.headers['cache-control'] ?? ''));
  const type = String(upstream.headers['content-type'] ?? '');
  if (upstream.status !== 200 || !freshSeconds || upstream.headers['set-cookie'] || !type.startsWith('text/html')) return undefined;
  const page = splitForNonce(scriptsAfterPaint(upstream.body.toString('utf8')));
  return {
    headers: storedHeaders(upstream.headers, ['content-security-policy']),
    page,
    internalPath: internalPathOf(upstream),
    bytes: page.length + page.deflated.reduce((sum, piece) => sum + piece.length, 0),
    storedAt: Date.now(),
    freshMs: freshMsFor(upstream, freshSeconds * 1000),
  };
}

/** App pages: from memory while fresh (stale ones answered while one request renews them), else streamed from Next. */
export function createAppPages(context: FrontContext) {
  const store = createPageStore<AppPageEntry>('app-pages');
  /** The store generation each renewal in flight began in: one begun before a purge is not stored. */
  const renewing = new Map<string, number>();

  function send(req: IncomingMessage, res: ServerResponse, entry: AppPageEntry, state: CacheState): void {
    const nonce = newNonce();
    noteCacheResult(res, state);
    const headers: OutgoingHttpHeaders = { ...entry.headers, 'content-security-policy': context.appPolicy(nonce), 'x-page-cache': state };
    const gzip = acceptsGzip(req);
    const body = gzip ? gzipNonced(entry.page, nonce) : renderNonced(entry.page, nonce);
    if (gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function renew(key: string, req: IncomingMessage): void {
    if (renewing.get(key) === store.generation) return;
    const generation = store.generation;
    renewing.set(key, generation);
    context.upstream
      .fetchWhole(req, req.url ?? '/')
      .then((upstream) => {
        if (store.generation !== generation) return;
        const entry = toAppPage(upstream);
        if (entry) store.set(key, entry);
        else store.delete(key);
      })
      .catch((error: unknown) => context.log.warn({ err: error, url: req.url }, 'page refresh failed'))
      .finally(() => {
        if (renewing.get(key) === generation) renewing.delete(key);
      });
  }

  /** A page Next answered as prerendered: kept (unless a purge came meanwhile) and sent with a fresh nonce. */
  function keep(key: string, generation: number, req: IncomingMessage, res: ServerResponse, upstream: Upstream): void {
    const entry = toAppPage(upstream);
    if (!entry) return sendWhole(context, req, res, upstream);
    if (store.generation === generation) store.set(key, entry);
    send(req, res, entry, 'MISS');
  }

  function serve(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const key = pageKey(req, pathname);
    const entry = store.get(key);
    if (!entry) {
      const generation = store.generation;
      streamPage(context, req, res, pathname, (upstream) => keep(key, generation, req, res, upstream));
      return;
    }
    const stale = Date.now() - entry.storedAt > entry.freshMs;
    send(req, res, entry, stale ? 'STALE' : 'HIT');
    if (stale) renew(key, req);
  }

  return { serve };
}
