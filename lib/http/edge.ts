/**
 * The first check of every request, before the front door, socket.io's
 * fallthrough, the API router and Next: requests no handler can answer get a
 * short 400 or 405 here (one Allow header, the site's security headers)
 * instead of a 500 from deep inside Next.
 */
import fs from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { SECURITY_HEADERS as PAGE_SECURITY_HEADERS } from './security-headers.mjs';

/** The headers every answer carries (the same list next.config.mjs gives Next), by lower-case name. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(PAGE_SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value]));

/** Methods some handler of this server answers; anything else (TRACE, CONNECT, TRACK, ...) is refused on every path. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const STATIC_METHODS = ['GET', 'HEAD'] as const;
/** Paths of Next's build output and the app's own static assets. */
const STATIC_PREFIXES = ['/_next/static/', '/_next/image'];

let publicFiles: Set<string> | undefined;

function listPublicFiles(dir: string, prefix = ''): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? listPublicFiles(path.join(dir, entry.name), `${prefix}/${entry.name}`) : [`${prefix}/${entry.name}`],
  );
}

/** Paths of the files in public/ (read once; they change only with a deploy). */
export function isStaticFilePath(pathname: string, publicDir = path.join(process.cwd(), 'public')): boolean {
  if (STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return true;
  publicFiles ??= new Set(listPublicFiles(publicDir));
  return publicFiles.has(pathname);
}

/** Answers a short plain-text error with the security headers (also for failures after a handler threw). */
export function sendEdgeError(res: ServerResponse, status: number, extra: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = `${STATUS_CODES[status] ?? 'Error'}\n`;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(body);
}

/** The path of a request target, or undefined when it is not valid percent-encoded UTF-8 (or no path at all). */
export function decodedPath(url: string | undefined): string | undefined {
  const target = url ?? '';
  let end = 0;
  while (end < target.length && target[end] !== '?' && target[end] !== '#') end++;
  const raw = target.slice(0, end);
  if (!raw.startsWith('/')) return undefined;
  // without a percent sign there is nothing to decode
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Refuses what no handler answers: a method none knows (405 on every path),
 * a path that is not valid percent-encoding (400), a write or OPTIONS on a
 * static file (405 with `Allow: GET, HEAD`). True when it answered.
 */
export function refuseAtEdge(req: IncomingMessage, res: ServerResponse): boolean {
  const method = (req.method ?? '').toUpperCase();
  if (!(KNOWN_METHODS as readonly string[]).includes(method)) {
    sendEdgeError(res, 405, { allow: KNOWN_METHODS.join(', ') });
    return true;
  }
  const pathname = decodedPath(req.url);
  if (pathname === undefined || pathname.includes('\0')) {
    sendEdgeError(res, 400);
    return true;
  }
  if (!(STATIC_METHODS as readonly string[]).includes(method) && isStaticFilePath(pathname)) {
    sendEdgeError(res, 405, { allow: STATIC_METHODS.join(', ') });
    return true;
  }
  return false;
}
