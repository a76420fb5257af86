import { payloadTooLarge } from '@/lib/errors/domain-error';

/** The Content-Length the client declared (0 when absent or unreadable). */
export function declaredLength(req: Request): number {
  const declared = Number(req.headers.get('content-length') ?? '0');
  return Number.isFinite(declared) ? declared : 0;
}

/**
 * The request body, refused with 413 once it passes `maxBytes`, declared or
 * streamed (chunked, no length): the rest is never read, so an endless body
 * costs at most the limit.
 */
export async function readBody(req: Request, maxBytes: number): Promise<Buffer> {
  if (declaredLength(req) > maxBytes) throw payloadTooLarge(maxBytes);
  // A declared length bounds the body (the HTTP parser reads no more than it): read it whole.
  // @hono/node-server then reads the socket directly, where `req.body` would make it build a
  // web stream per request (bench/README.md, "the API without web streams").
  if (/^\s*\d+\s*$/.test(req.headers.get('content-length') ?? '')) return Buffer.from(await req.arrayBuffer());
  const reader = req.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
