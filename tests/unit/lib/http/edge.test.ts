/**
 * @jest-environment node
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { refuseAtEdge, SECURITY_HEADERS } from '@/lib/http/edge';

/** Raw requests: fetch refuses TRACE and re-encodes paths. */
function send(port: number, method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; rawHeaders: string[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, rawHeaders: response.rawHeaders }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('refusals at the edge, before any handler', () => {
  let server: http.Server;
  let port = 0;
  let handled = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (refuseAtEdge(req, res)) return;
      handled += 1;
      res.writeHead(200).end('handled');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([
    ['GET', '/sitemap/%ff.xml', 400],
    ['GET', '/api/blog/%ff', 400],
    ['GET', '/api/uploads/demo/blog/%ff', 400],
    ['GET', '/in/en/place/%E0%A4', 400],
    ['GET', '/in/%00/x', 400],
    ['TRACE', '/', 405],
    ['TRACE', '/api/health', 405],
    ['PROPFIND', '/in/en/user/home', 405],
    ['POST', '/visit.js', 405],
    ['PUT', '/visit.js', 405],
    ['PATCH', '/favicon.svg', 405],
    ['DELETE', '/brand/meridian-logo.svg', 405],
    ['OPTIONS', '/sw.js', 405],
    ['POST', '/_next/static/chunks/app.js', 405],
  ])('%s %s -> %i with one Allow header and the security headers', async (method, path, status) => {
    const before = handled;
    const answer = await send(port, method, path);
    expect(answer.status).toBe(status);
    expect(handled).toBe(before);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name]).toBe(value);
    const allows = answer.rawHeaders.filter((_, i) => i % 2 === 0 && answer.rawHeaders[i].toLowerCase() === 'allow');
    expect(allows).toHaveLength(status === 405 ? 1 : 0);
    if (method === 'TRACE' || method === 'PROPFIND') expect(answer.headers.allow).not.toContain('TRACE');
    else if (status === 405) expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it.each([
    ['GET', '/visit.js'],
    ['HEAD', '/favicon.svg'],
    ['GET', '/in/ta/place/%E0%AE%9A%E0%AF%86%E0%AE%A9%E0%AF%8D%E0%AE%A9%E0%AF%88'],
    ['POST', '/api/blog'],
    ['OPTIONS', '/api/blog'],
    ['DELETE', '/api/blog/some-post'],
    ['GET', '/sitemap/places-1.xml?x=%ff'],
  ])('lets %s %s through', async (method, path) => {
    const before = handled;
    expect((await send(port, method, path)).status).toBe(200);
    expect(handled).toBe(before + 1);
  });

  it('uses the same security headers as next.config.mjs', () => {
    expect(fs.readFileSync('next.config.mjs', 'utf8')).toContain('headers: SECURITY_HEADERS');
    expect(Object.keys(SECURITY_HEADERS)).toEqual([
      'strict-transport-security',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'permissions-policy',
    ]);
  });
});
