import { SECURITY_HEADERS } from './edge';

/** Answers made here that carry the security headers already (the API router then leaves their headers alone). */
const secured = new WeakSet<Response>();

const isPlainRecord = (headers: HeadersInit): headers is Record<string, string> =>
  typeof headers === 'object' && !Array.isArray(headers) && !(headers instanceof Headers);

/**
 * A JSON answer whose body is the serialised string. `Response.json` (undici's)
 * wraps the bytes in a web ReadableStream, and on Node 20 each web stream is
 * also a native transferable object held by a weak handle; @hono/node-server
 * then reads the answer back through that stream. A string body is written to
 * the socket as it is (the server's own light Response). Under the quote load
 * the streams' weak handles took 68 of a 92 ms full collection
 * (bench/README.md, "the API without web streams").
 *
 * Its headers are a plain object with the security headers in it (the caller's
 * own names win), so the router need not add them: reading or setting a light
 * Response's headers turns them into undici's `Headers`, whose checks and the
 * copy back into Node's headers were about 5 % of the busy time of
 * `GET /api/health` under load (bench/README.md, "Where `GET /api/health`
 * loses against bare Node").
 */
export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const given = init.headers;
  if (given !== undefined && !isPlainRecord(given)) {
    const headers = new Headers(given);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new Response(JSON.stringify(data), { ...init, headers });
  }
  const headers: Record<string, string> = { ...SECURITY_HEADERS, 'content-type': 'application/json' };
  if (given) for (const name of Object.keys(given)) headers[name.toLowerCase()] = given[name];
  const response = new Response(JSON.stringify(data), { ...init, headers });
  secured.add(response);
  return response;
}

/** Whether this answer was made by jsonResponse with the security headers in it. */
export const carriesSecurityHeaders = (response: Response): boolean => secured.has(response);
