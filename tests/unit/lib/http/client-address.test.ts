import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { stampClientIp } from '@/lib/http/client-address';
import { clientIp } from '@/lib/http/client-ip';

/**
 * The API's view of the client address, through the same adapter and stamping as server.ts. Next replaces
 * globalThis.Headers in the server process; @hono/node-server then builds each request's headers from
 * `rawHeaders` instead of `headers`, so both runs are checked.
 */
describe.each([
  ['with the platform Headers', false],
  ['with Headers replaced, as in the server process with Next loaded', true],
])('client address %s', (_label, replaceHeaders) => {
  const original = globalThis.Headers;
  beforeAll(() => {
    if (replaceHeaders) globalThis.Headers = class ReplacedHeaders extends original {};
  });
  afterAll(() => {
    globalThis.Headers = original;
  });

  const echo = new Hono().all('/ip', async (c) => {
    if (c.req.method === 'POST') await c.req.text();
    return c.json({ ip: clientIp(c.req.raw.headers) });
  });
  let server: http.Server;
  let trustProxy = 0;
  let origin = '';

  beforeAll(async () => {
    const api = getRequestListener(echo.fetch);
    server = http.createServer((req, res) => {
      stampClientIp(req, trustProxy);
      void api(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const ipOf = async (method: 'GET' | 'POST', headers: Record<string, string> = {}) =>
    ((await (await fetch(`${origin}/ip`, { method, headers, body: method === 'POST' ? '{"a":1}' : undefined })).json()) as { ip: string }).ip;

  it('reaches GET and POST handlers alike, and a value the client sends is ignored', async () => {
    trustProxy = 0;
    for (const method of ['GET', 'POST'] as const) {
      expect(await ipOf(method)).toBe('127.0.0.1');
      expect(await ipOf(method, { 'x-travelsx-client-ip': '203.0.113.9' })).toBe('127.0.0.1');
      expect(await ipOf(method, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
    }
  });

  it('takes the address the trusted proxy appended, never one the client put before it', async () => {
    trustProxy = 1;
    for (const method of ['GET', 'POST'] as const) {
      expect(await ipOf(method, { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toBe('203.0.113.9');
      expect(await ipOf(method, { 'x-forwarded-for': '198.51.100.7', 'x-travelsx-client-ip': '127.0.0.1' })).toBe('198.51.100.7');
      // not an address: the socket's
      expect(await ipOf(method, { 'x-forwarded-for': '127.0.0.1, evil' })).toBe('127.0.0.1');
    }
  });

  it('counts TRUST_PROXY hops from the right behind two proxies', async () => {
    trustProxy = 2;
    expect(await ipOf('GET', { 'x-forwarded-for': '127.0.0.1, 198.51.100.7, 10.0.0.1' })).toBe('198.51.100.7');
    // fewer entries than proxies: the request did not come through them all
    expect(await ipOf('GET', { 'x-forwarded-for': '198.51.100.7' })).toBe('127.0.0.1');
  });
});
