import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { acceptsGzip, COMPRESSIBLE, forwardHeaders, withVary } from './headers';
import type { Log, Upstream, UpstreamConnection } from './upstream';

/** What every step of the front door works with. */
export type FrontContext = {
  upstream: UpstreamConnection;
  log: Log;
  /** The app pages' Content-Security-Policy for one answer's nonce. */
  appPolicy: (nonce: string) => string;
};

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Sends a whole answer of Next: HTML with a fresh nonce on every script and link, compressed when it can be. */
export function sendWhole(context: FrontContext, req: IncomingMessage, res: ServerResponse, upstream: Upstream): void {
  const headers = forwardHeaders(upstream.headers);
  let body = upstream.body;
  const type = String(upstream.headers['content-type'] ?? '');
  if (type.startsWith('text/html')) {
    const nonce = newNonce();
    headers['content-security-policy'] = context.appPolicy(nonce);
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

/** A stored page's freshness from Next's answer: Next says STALE right after an on-demand revalidation while it renders afresh. */
export function freshMsFor(upstream: Upstream, freshMs: number): number {
  // keep that copy only until the next request, which refreshes it (else a purge would be undone for the page's whole lifetime)
  return String(upstream.headers['x-nextjs-cache'] ?? '').toUpperCase() === 'STALE' ? 0 : freshMs;
}

/** The tenant path Next rendered (/{tenant}/{locale}/...), from the middleware's rewrite. */
export function internalPathOf(upstream: Upstream): string {
  return String(upstream.headers['x-middleware-rewrite'] ?? '').split('?')[0];
}

/** The store key of a page: host and path (the query does not change a stored page). */
export function pageKey(req: IncomingMessage, pathname: string): string {
  return `${String(req.headers.host ?? '').toLowerCase()}|${pathname}`;
}
