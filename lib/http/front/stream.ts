import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { sendEdgeError } from '../edge';
import { newNonce, sendWhole, type FrontContext } from './answers';
import { sharedMaxAge } from './document-html';
import { acceptsGzip, COMPRESSIBLE, forwardHeaders, withVary } from './headers';
import { NonceInjector } from './nonce-injector';
import { isNotFoundPagePath, withRenderedNotFound } from './not-found';
import type { Upstream } from './upstream';

function readWhole(response: IncomingMessage, done: (body: Buffer) => void, failed: () => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('error', failed);
  response.on('end', () => done(Buffer.concat(chunks)));
}

/** A 404 page is read whole: it may be Next's error shell, answered instead with the rendered not-found page. */
function sendNotFound(context: FrontContext, req: IncomingMessage, res: ServerResponse, pathname: string, response: IncomingMessage): void {
  readWhole(
    response,
    (body) =>
      withRenderedNotFound(context.upstream.fetchWhole, req, pathname, { status: 404, headers: response.headers, body })
        .then((upstream) => sendWhole(context, req, res, upstream))
        .catch(() => sendEdgeError(res, 502)),
    () => sendEdgeError(res, 502),
  );
}

/** Passes Next's answer on as it streams: a fresh nonce on every script and link tag of HTML, gzip when accepted. */
function pipeAnswer(context: FrontContext, req: IncomingMessage, res: ServerResponse, status: number, response: IncomingMessage): void {
  const headers = forwardHeaders(response.headers);
  const type = String(response.headers['content-type'] ?? '');
  const html = type.startsWith('text/html');
  const nonce = newNonce();
  if (html) headers['content-security-policy'] = context.appPolicy(nonce);
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
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') context.log.warn({ err: error, url: req.url }, 'page stream failed');
  });
}

/**
 * Streams a page from Next. A prerendered answer (200 with Next's s-maxage) to a GET is read whole and handed
 * to `prerendered` instead, which may keep it.
 */
export function streamPage(
  context: FrontContext,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  prerendered?: (upstream: Upstream) => void,
): void {
  const request = context.upstream.request(req.method ?? 'GET', req.url ?? '/', req.headers);
  request.on('response', (response) => {
    const status = isNotFoundPagePath(pathname) ? 404 : (response.statusCode ?? 502);
    const html = String(response.headers['content-type'] ?? '').startsWith('text/html');
    if (prerendered && req.method === 'GET' && status === 200 && sharedMaxAge(String(response.headers['cache-control'] ?? ''))) {
      readWhole(
        response,
        (body) => prerendered({ status: 200, headers: response.headers, body }),
        () => sendEdgeError(res, 502),
      );
      return;
    }
    if (status === 404 && html && req.method === 'GET') return sendNotFound(context, req, res, pathname, response);
    pipeAnswer(context, req, res, status, response);
  });
  let clientGone = false;
  request.on('error', (error) => {
    // the client closing its connection aborts the inner request: routine, not a failure
    if (clientGone) context.log.debug?.({ err: error, url: req.url }, 'page request ended by the client');
    else context.log.error({ err: error, url: req.url }, 'page request failed');
    sendEdgeError(res, 502);
  });
  res.on('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    request.destroy();
  });
  request.end();
}
