import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { renderBegun } from '@/lib/page-cache/renders';
import { databaseStall } from '@/lib/db/watchdog';
import { isStaticFilePath, sendEdgeError } from '../edge';

export type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
export type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; debug?: (obj: object, msg: string) => void };

/** A whole answer of Next. */
export type Upstream = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Seconds a page refused during a database stall asks the browser (and nginx's next try) to wait. */
const STALL_RETRY_SECONDS = 30;

/**
 * Hands a request to Next, counted as a render in flight until its answer has
 * ended. While the database is stalled (lib/db/watchdog.ts) a page Next would
 * have to render answers 503 with Retry-After at once, as the API does,
 * instead of a render waiting behind the stalled call: behind the shipped
 * nginx the visitor gets the page from another instance
 * (`proxy_next_upstream ... http_503`). Pages the front door holds are
 * served before this, and Next's static files need no database.
 */
export function handOver(handle: Handle, log: Log, req: IncomingMessage, res: ServerResponse): void {
  const stalled = databaseStall();
  if (stalled && !isStaticFilePath((req.url ?? '/').split('?')[0])) {
    log.warn({ url: req.url, stalledMs: stalled }, 'page refused while the database is stalled');
    sendEdgeError(res, 503, { 'retry-after': String(STALL_RETRY_SECONDS), 'cache-control': 'no-store' });
    return;
  }
  const ended = renderBegun();
  res.once('close', ended);
  handle(req, res).catch((error: unknown) => {
    log.error({ err: error, url: req.url }, 'request failed');
    sendEdgeError(res, 500);
  });
}

/**
 * Next answering pages over a private Unix socket, uncompressed so the front door can read the HTML (it
 * compresses itself).
 */
export function createUpstream(handle: Handle, log: Log) {
  const socketPath = path.join(os.tmpdir(), `travelsx-${process.pid}-${randomBytes(6).toString('hex')}.sock`);
  // The client drops an idle socket (60 s) long before the inner server would (120 s): otherwise a request can go
  // out on a socket the server is closing at that instant (ECONNRESET, answered 502).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 60_000 });
  const inner = http.createServer((req, res) => handOver(handle, log, req, res));
  inner.keepAliveTimeout = 120_000;
  inner.headersTimeout = 121_000;

  function request(method: string, pathAndQuery: string, headers: IncomingHttpHeaders): http.ClientRequest {
    return http.request({ socketPath, agent, method, path: pathAndQuery, headers: { ...headers, 'accept-encoding': 'identity' } });
  }

  /** Asks Next for a page with the visitor's headers (no conditional or range ones) and reads the whole answer. */
  function fetchWhole(req: IncomingMessage, pathname: string): Promise<Upstream> {
    const headers = { ...req.headers };
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
    delete headers['range'];
    return new Promise((resolve, reject) => {
      const outgoing = request('GET', pathname, headers);
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  return {
    request,
    fetchWhole,
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
    close(): void {
      inner.close();
      inner.closeAllConnections();
      agent.destroy();
      fs.rmSync(socketPath, { force: true });
    },
  };
}

export type UpstreamConnection = ReturnType<typeof createUpstream>;
