import type { IncomingMessage } from 'node:http';
import type { Upstream } from './upstream';

/**
 * Next answers a notFound() of these ISR pages with a script-only error shell
 * (<html id="__next_error__">, no lang, empty body) that only JavaScript fills.
 * The front door swaps it for the same localized not-found page rendered on
 * the server (app/[tenant]/[locale]/page-not-found), still with status 404.
 */

/** Segment of the server-rendered not-found page under a market prefix. */
export const NOT_FOUND_SEGMENT = 'page-not-found';

const MARKET_PREFIX = /^\/([a-z]{2})\/([a-z]{2})(?:\/|$)/;

/** The not-found page of the market a path is under ("/in/en/blog/x" -> "/in/en/page-not-found"); undefined outside a market. */
export function notFoundPagePath(pathname: string): string | undefined {
  const match = MARKET_PREFIX.exec(pathname);
  return match ? `/${match[1]}/${match[2]}/${NOT_FOUND_SEGMENT}` : undefined;
}

/** True for the not-found page's own path, which always answers 404 (never a soft 404). */
export function isNotFoundPagePath(pathname: string): boolean {
  return notFoundPagePath(pathname) === pathname.replace(/\/$/, '');
}

/** True when an HTML body is Next's error shell rather than a rendered page. */
export function isErrorShell(body: Buffer): boolean {
  return body.includes('<html id="__next_error__"');
}

/** Next's script-only 404 shell swapped for the server-rendered not-found page of the path's market, still 404. */
export async function withRenderedNotFound(
  fetchWhole: (req: IncomingMessage, pathname: string) => Promise<Upstream>,
  req: IncomingMessage,
  pathname: string,
  upstream: Upstream,
): Promise<Upstream> {
  const page = notFoundPagePath(pathname);
  if (upstream.status !== 404 || !page || !String(upstream.headers['content-type'] ?? '').startsWith('text/html') || !isErrorShell(upstream.body))
    return upstream;
  const rendered = await fetchWhole(req, page);
  if (rendered.status !== 200) return upstream;
  return { status: 404, headers: { ...rendered.headers, 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }, body: rendered.body };
}
