import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { noteCacheResult } from '@/lib/metrics';
import { freshMsOf } from '@/lib/page-cache/kinds';
import { createPageStore, type StoredPage } from '@/lib/page-cache/stores';
import { freshMsFor, internalPathOf, pageKey, sendWhole, type FrontContext } from './answers';
import { inlineStylesheets, sharedMaxAge, stripAppScripts } from './document-html';
import { acceptsGzip, storedHeaders } from './headers';
import { documentPolicy } from './policies';
import { withRenderedNotFound } from './not-found';
import type { Upstream } from './upstream';

/**
 * A document as stored: its HTML without the app's scripts, that HTML gzipped ahead, and the headers of each answer
 * (gzipped, plain, 304) built once with every name an answer sends, `age` and `x-page-cache` included.
 */
type DocumentEntry = StoredPage & { body: Buffer; gzip: Buffer; etag: string; answers: Record<'gzip' | 'plain' | 'notModified', OutgoingHttpHeaders> };

type CacheState = 'HIT' | 'MISS' | 'STALE';

/** Reads the build's stylesheets once each (documents inline them); undefined keeps the link. */
function stylesheetReader(distDir: string): (href: string) => string | undefined {
  const staticDir = path.join(distDir, 'static');
  const read = new Map<string, string | undefined>();
  return (href) => {
    if (!read.has(href)) {
      const file = path.join(staticDir, href.slice('/_next/static/'.length));
      let css: string | undefined;
      try {
        css = file.startsWith(staticDir + path.sep) ? fs.readFileSync(file, 'utf8') : undefined;
      } catch {
        css = undefined;
      }
      read.set(href, css);
    }
    return read.get(href);
  };
}

/**
 * The headers of each answer of a document, built once when it is stored: an answer copies one and sets two names it
 * already has. (Measured under wrk: a per-request object that adds names to a spread of the stored headers cost about
 * 14 µs an answer, a third of the document's whole time; one that only sets names it has costs next to nothing.)
 */
function answersOf(headers: Record<string, string | string[]>, etag: string, body: Buffer, gzip: Buffer): DocumentEntry['answers'] {
  const notModified: OutgoingHttpHeaders = { ...headers, etag, 'x-page-cache': 'HIT', age: '0' };
  return {
    notModified,
    plain: { ...notModified, 'content-length': String(body.length) },
    gzip: { ...notModified, 'content-encoding': 'gzip', 'content-length': String(gzip.length) },
  };
}

function sendDocument(req: IncomingMessage, res: ServerResponse, entry: DocumentEntry, state: CacheState): void {
  noteCacheResult(res, state);
  const age = String(Math.floor((Date.now() - entry.storedAt) / 1000));
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, { ...entry.answers.notModified, 'x-page-cache': state, age });
    res.end();
    return;
  }
  const gzip = acceptsGzip(req);
  res.writeHead(200, { ...(gzip ? entry.answers.gzip : entry.answers.plain), 'x-page-cache': state, age });
  res.end(req.method === 'HEAD' ? undefined : gzip ? entry.gzip : entry.body);
}

/**
 * Documents (lib/page-cache/kinds.ts): rendered by Next once, stripped of the app's JavaScript, answered from
 * memory, gzipped ahead, until their revalidate time; then the stale copy is answered while one request
 * renders it afresh.
 */
export function createDocuments(context: FrontContext, distDir: string) {
  const store = createPageStore<DocumentEntry>('documents');
  const readStylesheet = stylesheetReader(distDir);
  /** One render per document at a time, with the store generation it began in: one begun before a purge is neither joined nor stored. */
  const filling = new Map<string, { generation: number; render: Promise<Upstream> }>();

  function toEntry(upstream: Upstream, pathname: string): DocumentEntry | undefined {
    const type = String(upstream.headers['content-type'] ?? '');
    const cacheable = sharedMaxAge(String(upstream.headers['cache-control'] ?? '')) !== undefined;
    if (upstream.status !== 200 || !cacheable || upstream.headers['set-cookie'] || !type.startsWith('text/html')) return undefined;
    const stripped = stripAppScripts(upstream.body.toString('utf8'));
    if (stripped === undefined) return undefined;
    const body = Buffer.from(inlineStylesheets(stripped, readStylesheet));
    const gzip = zlib.gzipSync(body, { level: 6 });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return {
      answers: answersOf({ ...storedHeaders(upstream.headers), 'content-security-policy': documentPolicy() }, etag, body, gzip),
      body,
      gzip,
      etag,
      internalPath: internalPathOf(upstream),
      bytes: body.length + gzip.length,
      storedAt: Date.now(),
      freshMs: freshMsFor(upstream, freshMsOf(pathname)),
    };
  }

  function fill(key: string, req: IncomingMessage, pathname: string): Promise<Upstream> {
    const current = filling.get(key);
    if (current?.generation === store.generation) return current.render;
    const generation = store.generation;
    const render: Promise<Upstream> = context.upstream
      .fetchWhole(req, pathname)
      .then((upstream) => {
        if (store.generation !== generation) return upstream;
        const entry = toEntry(upstream, pathname);
        if (entry) store.set(key, entry);
        else if (upstream.status !== 200) store.delete(key);
        return upstream;
      })
      .finally(() => {
        if (filling.get(key)?.render === render) filling.delete(key);
      });
    filling.set(key, { generation, render });
    return render;
  }

  /**
   * From memory (stale: answered, then renewed behind), else rendered now; what cannot be kept is sent as Next made it.
   * A document in memory is answered without a promise (the common case, under every crawler); only a render returns one.
   */
  function serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> | undefined {
    const key = pageKey(req, pathname);
    const entry = store.get(key);
    if (!entry) return render(req, res, key, pathname);
    const stale = Date.now() - entry.storedAt > entry.freshMs;
    sendDocument(req, res, entry, stale ? 'STALE' : 'HIT');
    if (stale) fill(key, req, pathname).catch((error: unknown) => context.log.warn({ err: error, url: pathname }, 'document refresh failed'));
    return undefined;
  }

  async function render(req: IncomingMessage, res: ServerResponse, key: string, pathname: string): Promise<void> {
    const upstream = await fill(key, req, pathname);
    const stored = store.get(key);
    if (stored) sendDocument(req, res, stored, 'MISS');
    else sendWhole(context, req, res, await withRenderedNotFound(context.upstream.fetchWhole, req, pathname, upstream));
  }

  return { serve };
}
