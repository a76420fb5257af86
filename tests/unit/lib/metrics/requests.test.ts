import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics, noteCacheResult, observeRequest } from '@/lib/metrics';

/*
 * Every answer is counted by route, method and status with its duration, and
 * the front door's cached pages by how they were answered (hit, stale, miss),
 * whether it says so (noteCacheResult) or only sends the header.
 */

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    observeRequest(req, res, req.url!.split('?')[0]);
    const state = new URL(req.url!, 'http://x').searchParams.get('state');
    if (req.url!.startsWith('/in/en/place/')) noteCacheResult(res, state!);
    if (req.url!.startsWith('/in/en/user/')) res.setHeader('x-page-cache', state!);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const valueOf = async (metric: { get: () => Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }, labels: Record<string, string>) =>
  (await metric.get()).values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;

it('counts answers by route and the cached pages by how they were answered', async () => {
  const m = metrics();
  const before = {
    hit: await valueOf(m.documentCache, { result: 'hit' }),
    miss: await valueOf(m.documentCache, { result: 'miss' }),
    stale: await valueOf(m.documentCache, { result: 'stale' }),
    place: await valueOf(m.requests, { route: 'page:/place', method: 'GET', status: '200' }),
  };
  for (const path of [
    '/in/en/place/chennai?state=MISS',
    '/in/en/place/chennai?state=HIT',
    '/in/en/place/madurai?state=HIT',
    '/in/en/user/home?state=STALE',
    '/in/en/terms',
  ])
    await (await fetch(origin + path)).text();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await valueOf(m.documentCache, { result: 'hit' })).toBe(before.hit + 2);
  expect(await valueOf(m.documentCache, { result: 'miss' })).toBe(before.miss + 1);
  expect(await valueOf(m.documentCache, { result: 'stale' })).toBe(before.stale + 1);
  expect(await valueOf(m.requests, { route: 'page:/place', method: 'GET', status: '200' })).toBe(before.place + 3);
});
