import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade', 'proxy-connection', 'date']);
/**
 * Where the middleware sent a page inside the app (`/{tenant}/{locale}/...`): the front door reads it from Next's
 * answer (answers.ts) and never passes it on. A browser loading a page has no use for it (a client-side navigation's
 * request goes to Next directly), and it would tell anyone the app's internal paths.
 */
const INTERNAL = new Set(['x-middleware-rewrite']);
/** Next's own bookkeeping, never replayed from a stored page. */
const NEXT_HEADERS = ['etag', 'x-nextjs-cache', 'x-nextjs-prerender', 'x-nextjs-stale-time'];

export const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|rss\+xml)|image\/svg\+xml)/;

export function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

export function forwardHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !INTERNAL.has(name)) out[name] = value;
  return out;
}

/** Headers to replay with a stored page: no hop-by-hop headers, none of Next's, none named in `drop`. */
export function storedHeaders(headers: IncomingHttpHeaders, drop: readonly string[] = []): Record<string, string | string[]> {
  const out = forwardHeaders(headers) as Record<string, string | string[]>;
  for (const name of [...NEXT_HEADERS, ...drop]) delete out[name];
  out['vary'] = 'Accept-Encoding';
  return out;
}

export function withVary(vary: string | string[] | number | undefined, name: string): string {
  const list = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.some((v) => v.toLowerCase() === name.toLowerCase()) ? list.join(', ') : [...list, name].join(', ');
}
