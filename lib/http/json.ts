/**
 * A JSON answer whose body is the serialised string. `Response.json` (undici's)
 * wraps the bytes in a web ReadableStream, and on Node 20 each web stream is
 * also a native transferable object held by a weak handle; @hono/node-server
 * then reads the answer back through that stream. A string body is written to
 * the socket as it is (the server's own light Response). Under the quote load
 * the streams' weak handles took 68 of a 92 ms full collection
 * (bench/README.md, "the API without web streams").
 */
export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(data), { ...init, headers });
}
