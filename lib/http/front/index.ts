/**
 * The front door of the production server, in front of Next's handler (server.ts hands it every request
 * that is not the API's). Its steps, one file each:
 *
 * - upstream.ts: Next answers pages over a private socket, uncompressed, so the HTML can be read; every
 *   request to Next counts as a render in flight (lib/page-cache/renders.ts).
 * - documents.ts: documents (the page kinds of lib/page-cache/kinds.ts) are rendered once, stripped of the
 *   app's JavaScript (document-html.ts) and answered from memory, gzipped ahead, until their revalidate
 *   time; a change an operator makes drops them (lib/page-cache).
 * - app-pages.ts: prerendered app pages are kept too, and answered with a fresh nonce each time
 *   (nonced-page.ts), their scripts requested after the first paint (scripts-after-paint.ts).
 * - stream.ts: every other page is streamed with a fresh nonce on each <script> and <link>
 *   (nonce-injector.ts) under the Content-Security-Policy of policies.ts, so scripts run only when this
 *   server sent them; Next's script-only 404 shell becomes the rendered not-found page (not-found.ts).
 *
 * Static files, React Server Component requests and anything not a page go to Next directly.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { sendEdgeError } from '../edge';
import type { FrontContext } from './answers';
import { createAppPages } from './app-pages';
import { createDocuments } from './documents';
import { isNotFoundPagePath } from './not-found';
import { appPolicy } from './policies';
import { createUpstream, handOver, type Handle, type Log } from './upstream';
import { pageKindOf } from '@/lib/page-cache/kinds';

type FrontOptions = {
  handle: Handle;
  log: Log;
  /** Origins a payment form may post to (PayU), for the form-action directive. */
  formOrigins?: string[];
  /** Origins app pages may fetch from besides their own (the open map's style and tiles). */
  connectOrigins?: string[];
  /** Next's build directory, whose static/ holds the stylesheets documents inline. */
  distDir?: string;
};

const NOT_PAGES = /^\/(?:_next|api|socket\.io)\//;

/** A GET or HEAD of an HTML page (not a file, not a client-side navigation's payload, not a server action). */
function isPageRequest(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (NOT_PAGES.test(pathname) || /\.[a-z0-9]+$/i.test(pathname)) return false;
  return !req.headers['rsc'] && !req.headers['next-router-prefetch'] && !req.headers['next-action'] && !req.headers['upgrade'];
}

/**
 * A request target the URL parser would give back unchanged: one leading slash, then only letters, digits, `-`,
 * `_` and `/` (no dot segments to resolve, nothing to percent-encode), up to the query. Most pages' paths are this.
 */
const PLAIN_TARGET = /^\/(?!\/)[A-Za-z0-9_\-/]*(?=$|\?)/;

/** The path of a request as the URL parser reads it (dot segments resolved, characters percent-encoded). */
export function pathnameOf(req: Pick<IncomingMessage, 'url'>): string {
  const plain = PLAIN_TARGET.exec(req.url ?? '/');
  // the parser costs about a twentieth of a stored document's whole answer: skipped where it would change nothing
  if (plain) return plain[0];
  try {
    return new URL(req.url ?? '/', 'http://front').pathname;
  } catch {
    return '/';
  }
}

function documentFailed(log: Log, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  log.error({ err: error, url: req.url }, 'document failed');
  sendEdgeError(res, 502);
}

export function createFrontDoor({ handle, log, formOrigins = [], connectOrigins = [], distDir = path.join(process.cwd(), '.next') }: FrontOptions) {
  const upstream = createUpstream(handle, log);
  const context: FrontContext = { upstream, log, appPolicy: (nonce) => appPolicy(nonce, formOrigins, connectOrigins) };
  const documents = createDocuments(context, distDir);
  const appPages = createAppPages(context);

  return {
    /** Starts the private socket Next answers pages on. */
    listen: upstream.listen,
    serve(req: IncomingMessage, res: ServerResponse): void {
      const pathname = pathnameOf(req);
      if (!isPageRequest(req, pathname)) return handOver(handle, log, req, res);
      if (pageKindOf(pathname) && !isNotFoundPagePath(pathname)) {
        try {
          documents.serve(req, res, pathname)?.catch((error: unknown) => documentFailed(log, req, res, error));
        } catch (error) {
          documentFailed(log, req, res, error);
        }
        return;
      }
      appPages.serve(req, res, pathname);
    },
    close: upstream.close,
  };
}
