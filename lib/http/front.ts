/**
 * The front door of the production server, in front of Next's handler:
 *
 * - Static documents (place, route and blog pages, lib/http/documents.ts) are
 *   rendered by Next once, stripped of the app's JavaScript and answered from
 *   memory, gzipped ahead, until their revalidate time (Next's s-maxage); then
 *   the stale copy is answered while one request refreshes it. A blog publish
 *   purges its pages (lib/http/document-cache.ts).
 * - Every other HTML page gets a Content-Security-Policy with a fresh nonce,
 *   which is added to each <script> of the streamed HTML (static pages from
 *   Next's cache included), so scripts run only when this server sent them.
 *   App pages kept in memory (prerendered, with Next's s-maxage) request the
 *   app's chunks after the first paint (lib/http/scripts-after-paint.ts).
 *
 * Pages are asked of Next over a private socket (uncompressed, so the HTML can
 * be read); the front compresses. API routes, static files and React Server
 * Component requests go to Next directly.
 */
import { randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { appPageCache, documentCache, type AppPageEntry, type DocumentEntry } from './document-cache';
import { gzipNonced, renderNonced, splitForNonce } from './nonced-page';
import { sendEdgeError } from './edge';
import { isErrorShell, isNotFoundPagePath, notFoundPagePath } from './not-found';
import { inlineStylesheets, isDocumentPath, sharedMaxAge, stripAppScripts } from './documents';
import { scriptsAfterPaint } from './scripts-after-paint';

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; debug?: (obj: object, msg: string) => void };

export type FrontOptions = {
  handle: Handle;
  log: Log;
  /** Origins a payment form may post to (PayU), for the form-action directive. */
  formOrigins?: string[];
  /** Origins app pages may fetch from besides their own (the open map's style and tiles). */
  connectOrigins?: string[];
  /** Next's build directory, whose static/ holds the stylesheets documents inline. */
  distDir?: string;
};

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade', 'proxy-connection', 'date']);
const NOT_PAGES = /^\/(?:_next|api|socket\.io)\//;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|rss\+xml)|image\/svg\+xml)/;

/** Policy of documents: no inline script runs at all; only this origin's /visit.js. */
export function documentPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Policy of app pages: scripts carry this response's nonce; scripts they load are trusted (strict-dynamic), e.g. Google Maps. */
export function appPolicy(nonce: string, formOrigins: readonly string[] = [], connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https://fonts.gstatic.com",
    ['connect-src', "'self'", 'https://*.googleapis.com', 'https://*.gstatic.com', ...connectOrigins].join(' '),
    "frame-src 'self' https://www.google.com",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ['form-action', "'self'", ...formOrigins].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

const NONCE_TAGS = [Buffer.from('<script'), Buffer.from('<link')];

/** Where the tag name ends if `buffer` opens a script or link tag at `at`; -1 if not; undefined when the chunk ends too early to tell. */
function opensNonceTag(buffer: Buffer, at: number): number | undefined {
  for (const tag of NONCE_TAGS) {
    const available = buffer.length - at;
    if (available <= tag.length) {
      if (buffer.subarray(at).equals(tag.subarray(0, available))) return undefined;
      continue;
    }
    if (!buffer.subarray(at, at + tag.length).equals(tag)) continue;
    const next = buffer[at + tag.length];
    // a space, '>' or '/' ends the tag name ("<scripts", "<linked" are other words)
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x0a || next === 0x09 || next === 0x0d) return at + tag.length;
  }
  return -1;
}

/**
 * Adds ` nonce="…"` to every `<script` and `<link` tag of a streamed HTML body
 * (script preloads need it too; tags may be split across chunks).
 */
export class NonceInjector extends Transform {
  private carry: Buffer = Buffer.alloc(0);
  private readonly attribute: Buffer;

  constructor(nonce: string) {
    super();
    this.attribute = Buffer.from(` nonce="${nonce}"`);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const buffer = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    const out: Buffer[] = [];
    let start = 0;
    let from = 0;
    for (;;) {
      const at = buffer.indexOf(0x3c, from);
      if (at === -1) break;
      const after = opensNonceTag(buffer, at);
      if (after === undefined) {
        // hold back what may be the start of a tag until the next chunk
        out.push(buffer.subarray(start, at));
        this.carry = Buffer.from(buffer.subarray(at));
        done(null, Buffer.concat(out));
        return;
      }
      if (after > 0) {
        out.push(buffer.subarray(start, after), this.attribute);
        start = after;
      }
      from = at + 1;
    }
    out.push(buffer.subarray(start));
    done(null, Buffer.concat(out));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.carry);
  }
}

function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

function forwardHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

function withVary(vary: string | string[] | number | undefined, name: string): string {
  const list = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.some((v) => v.toLowerCase() === name.toLowerCase()) ? list.join(', ') : [...list, name].join(', ');
}

type Upstream = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export function createFrontDoor({ handle, log, formOrigins = [], connectOrigins = [], distDir = path.join(process.cwd(), '.next') }: FrontOptions) {
  const socketPath = path.join(os.tmpdir(), `travelsx-${process.pid}-${randomBytes(6).toString('hex')}.sock`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const inner = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.error({ err: error, url: req.url }, 'request failed');
      sendEdgeError(res, 500);
    });
  });
  const cache = documentCache();
  const appPages = appPageCache();
  const stylesheets = new Map<string, string | undefined>();
  const readStylesheet = (href: string): string | undefined => {
    if (!stylesheets.has(href)) {
      const file = path.join(distDir, 'static', href.slice('/_next/static/'.length));
      let css: string | undefined;
      try {
        css = file.startsWith(path.join(distDir, 'static') + path.sep) ? fs.readFileSync(file, 'utf8') : undefined;
      } catch {
        css = undefined;
      }
      stylesheets.set(href, css);
    }
    return stylesheets.get(href);
  };
  const filling = new Map<string, Promise<Upstream>>();
  /** The cache generation each render in `filling` began in: one begun before a purge is neither joined nor stored. */
  const fillingSince = new Map<string, number>();

  function upstreamRequest(method: string, pathAndQuery: string, headers: IncomingHttpHeaders) {
    return http.request({ socketPath, agent, method, path: pathAndQuery, headers: { ...headers, 'accept-encoding': 'identity' } });
  }

  /** Asks Next for a page and reads the whole answer. */
  function fetchWhole(req: IncomingMessage, pathname: string): Promise<Upstream> {
    const headers = { ...req.headers };
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
    delete headers['range'];
    return new Promise((resolve, reject) => {
      const request = upstreamRequest('GET', pathname, headers);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  }

  function toEntry(upstream: Upstream): DocumentEntry | undefined {
    const freshSeconds = sharedMaxAge(String(upstream.headers['cache-control'] ?? ''));
    const type = String(upstream.headers['content-type'] ?? '');
    if (upstream.status !== 200 || !freshSeconds || upstream.headers['set-cookie'] || !type.startsWith('text/html')) return undefined;
    const stripped = stripAppScripts(upstream.body.toString('utf8'));
    if (stripped === undefined) return undefined;
    const body = Buffer.from(inlineStylesheets(stripped, readStylesheet));
    const headers = forwardHeaders(upstream.headers) as Record<string, string | string[]>;
    delete headers['etag'];
    delete headers['x-nextjs-cache'];
    delete headers['x-nextjs-prerender'];
    delete headers['x-nextjs-stale-time'];
    headers['content-security-policy'] = documentPolicy();
    headers['vary'] = 'Accept-Encoding';
    return {
      headers,
      body,
      gzip: zlib.gzipSync(body, { level: 6 }),
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      internalPath: String(upstream.headers['x-middleware-rewrite'] ?? '').split('?')[0],
      storedAt: Date.now(),
      // Next answers STALE right after an on-demand revalidation while it renders afresh: keep that copy only
      // until the next request, which refreshes it (else a purge would be undone for the page's whole lifetime)
      freshMs: String(upstream.headers['x-nextjs-cache'] ?? '').toUpperCase() === 'STALE' ? 0 : freshSeconds * 1000,
    };
  }

  /** One render per document at a time; others wait for it. */
  function fill(key: string, req: IncomingMessage, pathname: string): Promise<Upstream> {
    let pending = fillingSince.get(key) === cache.generation ? filling.get(key) : undefined;
    if (!pending) {
      const generation = cache.generation;
      const started: Promise<Upstream> = fetchWhole(req, pathname)
        .then((upstream) => {
          if (cache.generation !== generation) return upstream;
          const entry = toEntry(upstream);
          if (entry) cache.set(key, entry);
          else if (upstream.status !== 200) cache.delete(key);
          return upstream;
        })
        .finally(() => {
          if (filling.get(key) === started) {
            filling.delete(key);
            fillingSince.delete(key);
          }
        });
      pending = started;
      filling.set(key, pending);
      fillingSince.set(key, generation);
    }
    return pending;
  }

  /** Next's script-only 404 shell swapped for the server-rendered not-found page of the path's market, still 404. */
  async function withRenderedNotFound(req: IncomingMessage, pathname: string, upstream: Upstream): Promise<Upstream> {
    const page = notFoundPagePath(pathname);
    if (upstream.status !== 404 || !page || !String(upstream.headers['content-type'] ?? '').startsWith('text/html') || !isErrorShell(upstream.body))
      return upstream;
    const rendered = await fetchWhole(req, page);
    if (rendered.status !== 200) return upstream;
    return { status: 404, headers: { ...rendered.headers, 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }, body: rendered.body };
  }

  function sendEntry(req: IncomingMessage, res: ServerResponse, entry: DocumentEntry, state: 'HIT' | 'MISS' | 'STALE'): void {
    const headers: OutgoingHttpHeaders = {
      ...entry.headers,
      etag: entry.etag,
      'x-page-cache': state,
      age: String(Math.floor((Date.now() - entry.storedAt) / 1000)),
    };
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const gzip = acceptsGzip(req);
    const body = gzip ? entry.gzip : entry.body;
    if (gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendWhole(req: IncomingMessage, res: ServerResponse, upstream: Upstream): void {
    const headers = forwardHeaders(upstream.headers);
    let body = upstream.body;
    const type = String(upstream.headers['content-type'] ?? '');
    if (type.startsWith('text/html')) {
      const nonce = randomBytes(16).toString('base64');
      headers['content-security-policy'] = appPolicy(nonce, formOrigins, connectOrigins);
      body = Buffer.from(body.toString('utf8').replace(/<(script|link)(?=[\s>/])/g, `<$1 nonce="${nonce}"`));
    }
    if (acceptsGzip(req) && COMPRESSIBLE.test(type)) {
      body = zlib.gzipSync(body);
      headers['content-encoding'] = 'gzip';
      headers['vary'] = withVary(headers['vary'], 'Accept-Encoding');
    }
    headers['content-length'] = String(body.length);
    res.writeHead(upstream.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function serveDocument(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const key = `${String(req.headers.host ?? '').toLowerCase()}|${pathname}`;
    const entry = cache.get(key);
    if (entry) {
      const stale = Date.now() - entry.storedAt > entry.freshMs;
      sendEntry(req, res, entry, stale ? 'STALE' : 'HIT');
      if (stale) fill(key, req, pathname).catch((error: unknown) => log.warn({ err: error, url: pathname }, 'document refresh failed'));
      return;
    }
    const upstream = await fill(key, req, pathname);
    const stored = cache.get(key);
    if (stored) sendEntry(req, res, stored, 'MISS');
    else sendWhole(req, res, await withRenderedNotFound(req, pathname, upstream));
  }

  /** A prerendered app page (Next's s-maxage, no cookie set) can be answered from memory with a new nonce each time. */
  function toAppPage(upstream: Upstream): AppPageEntry | undefined {
    const freshSeconds = sharedMaxAge(String(upstream.headers['cache-control'] ?? ''));
    const type = String(upstream.headers['content-type'] ?? '');
    if (upstream.status !== 200 || !freshSeconds || upstream.headers['set-cookie'] || !type.startsWith('text/html')) return undefined;
    const headers = forwardHeaders(upstream.headers) as Record<string, string | string[]>;
    for (const name of ['etag', 'x-nextjs-cache', 'x-nextjs-prerender', 'x-nextjs-stale-time', 'content-security-policy']) delete headers[name];
    headers['vary'] = 'Accept-Encoding';
    return {
      headers,
      page: splitForNonce(scriptsAfterPaint(upstream.body.toString('utf8'))),
      internalPath: String(upstream.headers['x-middleware-rewrite'] ?? '').split('?')[0],
      storedAt: Date.now(),
      // Next answers STALE right after an on-demand revalidation while it renders afresh: keep that copy only
      // until the next request, which refreshes it (else a purge would be undone for the page's whole lifetime)
      freshMs: String(upstream.headers['x-nextjs-cache'] ?? '').toUpperCase() === 'STALE' ? 0 : freshSeconds * 1000,
    };
  }

  function sendAppPage(req: IncomingMessage, res: ServerResponse, entry: AppPageEntry, state: 'HIT' | 'MISS' | 'STALE'): void {
    const nonce = randomBytes(16).toString('base64');
    const headers: OutgoingHttpHeaders = { ...entry.headers, 'content-security-policy': appPolicy(nonce, formOrigins, connectOrigins), 'x-page-cache': state };
    const gzip = acceptsGzip(req);
    const body = gzip ? gzipNonced(entry.page, nonce) : renderNonced(entry.page, nonce);
    if (gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function refreshAppPage(key: string, req: IncomingMessage): void {
    if (filling.has(key) && fillingSince.get(key) === appPages.generation) return;
    const generation = appPages.generation;
    const pending: Promise<Upstream> = fetchWhole(req, req.url ?? '/')
      .then((upstream) => {
        if (appPages.generation !== generation) return upstream;
        const entry = toAppPage(upstream);
        if (entry) appPages.set(key, entry);
        else appPages.delete(key);
        return upstream;
      })
      .finally(() => {
        if (filling.get(key) === pending) {
          filling.delete(key);
          fillingSince.delete(key);
        }
      });
    filling.set(key, pending);
    fillingSince.set(key, generation);
    pending.catch((error: unknown) => log.warn({ err: error, url: req.url }, 'page refresh failed'));
  }

  /** App pages: from memory while fresh (stale ones answered while one request refreshes them), else streamed from Next. */
  function serveAppPage(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const key = `${String(req.headers.host ?? '').toLowerCase()}|${pathname}`;
    const entry = appPages.get(key);
    if (!entry) {
      proxyPage(req, res, pathname, key);
      return;
    }
    const stale = Date.now() - entry.storedAt > entry.freshMs;
    sendAppPage(req, res, entry, stale ? 'STALE' : 'HIT');
    if (stale) refreshAppPage(key, req);
  }

  /** Streams a page from Next, adding the nonce to its scripts and compressing; a prerendered page is kept under `appKey`. */
  function proxyPage(req: IncomingMessage, res: ServerResponse, pathname: string, appKey?: string): void {
    const generation = appPages.generation;
    const request = upstreamRequest(req.method ?? 'GET', req.url ?? '/', req.headers);
    request.on('response', (response) => {
      if (
        appKey &&
        req.method === 'GET' &&
        !isNotFoundPagePath(pathname) &&
        response.statusCode === 200 &&
        sharedMaxAge(String(response.headers['cache-control'] ?? ''))
      ) {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const upstream = { status: 200, headers: response.headers, body: Buffer.concat(chunks) };
          const entry = toAppPage(upstream);
          if (!entry) return sendWhole(req, res, upstream);
          // a render begun before a purge is answered but not kept
          if (appPages.generation === generation) appPages.set(appKey, entry);
          sendAppPage(req, res, entry, 'MISS');
        });
        return;
      }
      const headers = forwardHeaders(response.headers);
      const type = String(response.headers['content-type'] ?? '');
      const html = type.startsWith('text/html');
      const nonce = randomBytes(16).toString('base64');
      if (html) headers['content-security-policy'] = appPolicy(nonce, formOrigins, connectOrigins);
      const status = isNotFoundPagePath(pathname) ? 404 : (response.statusCode ?? 502);
      if (status === 404 && html && req.method === 'GET') {
        // a 404 is read whole: it may be Next's error shell, answered instead with the rendered page
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => sendEdgeError(res, 502));
        response.on('end', () => {
          withRenderedNotFound(req, pathname, { status, headers: response.headers, body: Buffer.concat(chunks) })
            .then((upstream) => sendWhole(req, res, upstream))
            .catch(() => sendEdgeError(res, 502));
        });
        return;
      }
      const bodyless = req.method === 'HEAD' || status === 204 || status === 304;
      const gzip = !bodyless && acceptsGzip(req) && COMPRESSIBLE.test(type);
      if (gzip) {
        headers['content-encoding'] = 'gzip';
        headers['vary'] = withVary(headers['vary'], 'Accept-Encoding');
      } else if (!html && response.headers['content-length']) {
        headers['content-length'] = response.headers['content-length'];
      }
      res.writeHead(status, headers);
      if (bodyless) {
        response.resume();
        res.end();
        return;
      }
      const stages: NodeJS.ReadWriteStream[] = [];
      if (html) stages.push(new NonceInjector(nonce));
      // a sync flush after every write keeps React's streamed chunks streaming
      if (gzip) stages.push(zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH }));
      pipeline([response, ...stages, res] as unknown as [NodeJS.ReadableStream, NodeJS.WritableStream], (error) => {
        if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') log.warn({ err: error, url: req.url }, 'page stream failed');
      });
    });
    let clientGone = false;
    request.on('error', (error) => {
      // the client closing its connection aborts the inner request: routine, not a failure
      if (clientGone) log.debug?.({ err: error, url: req.url }, 'page request ended by the client');
      else log.error({ err: error, url: req.url }, 'page request failed');
      sendEdgeError(res, 502);
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      request.destroy();
    });
    request.end();
  }

  function isPageRequest(req: IncomingMessage, pathname: string): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (NOT_PAGES.test(pathname) || /\.[a-z0-9]+$/i.test(pathname)) return false;
    // client-side navigations and prefetches ask for React Server Component payloads
    return !req.headers['rsc'] && !req.headers['next-router-prefetch'] && !req.headers['next-action'] && !req.headers['upgrade'];
  }

  return {
    /** Starts the private socket Next answers pages on. */
    listen(): Promise<void> {
      return new Promise((resolve, reject) => {
        fs.rmSync(socketPath, { force: true });
        inner.once('error', reject);
        inner.listen(socketPath, () => {
          fs.chmodSync(socketPath, 0o600);
          resolve();
        });
      });
    },
    serve(req: IncomingMessage, res: ServerResponse): void {
      let pathname: string;
      try {
        pathname = new URL(req.url ?? '/', 'http://front').pathname;
      } catch {
        pathname = '/';
      }
      if (!isPageRequest(req, pathname)) {
        handle(req, res).catch((error: unknown) => {
          log.error({ err: error, url: req.url }, 'request failed');
          sendEdgeError(res, 500);
        });
        return;
      }
      if (isDocumentPath(pathname) && !isNotFoundPagePath(pathname)) {
        serveDocument(req, res, pathname).catch((error: unknown) => {
          log.error({ err: error, url: req.url }, 'document failed');
          sendEdgeError(res, 502);
        });
        return;
      }
      serveAppPage(req, res, pathname);
    },
    close(): void {
      inner.close();
      inner.closeAllConnections();
      agent.destroy();
      fs.rmSync(socketPath, { force: true });
    },
  };
}
