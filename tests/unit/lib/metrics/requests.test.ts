import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackRequest } from '@/lib/http/lifecycle';
import { countAnswer, metrics, noteCacheResult, pageRouteOf } from '@/lib/metrics';

/*
 * Every answer is counted by route, method and status with its duration, and
 * the front door's cached pages by how they were answered (hit, stale, miss),
 * whether it says so (noteCacheResult) or only sends the header.
 */

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url!.split('?')[0];
    trackRequest(res, (ms) => countAnswer(req, res, path, ms));
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

it('exposes the durations as a Prometheus histogram: cumulative buckets, +Inf, sum and count per route', async () => {
  for (let i = 0; i < 3; i++) await (await fetch(`${origin}/in/en/blog/first-post`)).text();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const text = await metrics().registry.metrics();
  const line = (name: string, extra = '') => {
    const found = text.split('\n').find((l) => l.startsWith(`${name}{route="page:/blog",method="GET"${extra}`));
    expect(found).toBeDefined();
    return Number(found!.split(' ').pop());
  };
  expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  expect(text).toContain('# TYPE http_requests_total counter');
  const buckets = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10'].map((le) =>
    line('http_request_duration_seconds_bucket', `,le="${le}"`),
  );
  buckets.forEach((count, i) => expect(count).toBeGreaterThanOrEqual(buckets[i - 1] ?? 0));
  expect(buckets.at(-1)).toBe(3); // each of these local answers took less than 10 s
  expect(line('http_request_duration_seconds_bucket', ',le="+Inf"')).toBe(3);
  expect(line('http_request_duration_seconds_count')).toBe(3);
  expect(line('http_request_duration_seconds_sum')).toBeGreaterThan(0);
  expect(line('http_request_duration_seconds_sum')).toBeLessThan(3 * 10);
  expect(line('http_requests_total', ',status="200"')).toBe(3);
  expect(text).toMatch(/http_requests_total\{route="page:\/blog",method="GET",status="200",service="travelsx"\} 3/);
});

it('labels a path by its page family, bounded whatever the path', () => {
  const cases: [string, string][] = [
    ['/in/en/place/chennai', 'page:/place'],
    ['/in/ta/route/chennai-to-madurai', 'page:/route'],
    ['/in/en', 'page:/'],
    ['/in/en/', 'page:/'],
    ['//in//en//blog/x', 'page:/blog'],
    ['/in/en/travel/rides', 'page:/travel/rides'],
    ['/in/en/user', 'page:/user/'],
    ['/in/en/driver/home/extra', 'page:/driver/home'],
    ['/In/en/place/x', 'other'],
    ['/ind/en/place/x', 'other'],
    ['/in/eng', 'other'],
    ['/favicon.ico', 'static'],
    ['/robots.txt', 'static'],
    ['/signup', 'other'],
    ['/', 'other'],
    ['', 'other'],
    ['/_next/static/chunks/a.js', 'next-asset'],
    ['/socket.io/', 'socket.io'],
  ];
  for (const [path, route] of cases) expect([path, pageRouteOf(path)]).toEqual([path, route]);
});
