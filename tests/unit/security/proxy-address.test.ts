import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { apiApp } from '@/lib/api/app';
import { OTP } from '@/lib/auth/constants';
import { stampClientIp } from '@/lib/http/client-address';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { configureEnv, seedWorld } from './world';

/*
 * Clients choosing their own address behind the shipped proxy: the API
 * behind nginx with deploy/nginx/travelsx.conf (one proxy: TRUST_PROXY=1),
 * asked the way a remote client would, with forged X-Forwarded-For headers.
 */

type Nginx = { origin: string; stop: () => Promise<void> };

let db: Db;
let nginx: Nginx;
const servers: http.Server[] = [];
let direct = '';

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  configureEnv(true);
  db = await openTestDb();
  await seedWorld(db);
  const api = getRequestListener(apiApp.fetch);
  const ports: number[] = [];
  for (let i = 0; i < 2; i++) {
    const server = http.createServer((req, res) => {
      stampClientIp(req, 1);
      void api(req, res);
    });
    servers.push(server);
    ports.push(await listen(server));
  }
  direct = `http://127.0.0.1:${ports[0]}`;
  const { freePort, startNginxSite } = (await import(path.join(process.cwd(), 'bench/cluster.mjs'))) as {
    freePort: () => Promise<number>;
    startNginxSite: (options: { port: number; instancePorts: number[] }) => Promise<Nginx>;
  };
  nginx = await startNginxSite({ port: await freePort(), instancePorts: ports });
}, 300_000);
afterAll(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await closeTestDb();
  configureEnv(false);
});

/** One request with the demo operator's Host, to nginx or straight to an instance. */
function ask(
  origin: string,
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; json: { error?: { code?: string } } }> {
  const url = new URL(pathname, origin);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: { host: 'localhost:3000', ...(payload ? { 'content-type': 'application/json', origin: 'http://localhost:3000' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

it('refuses the dev outbox to a client behind the proxy claiming 127.0.0.1, and to anything that came through the proxy', async () => {
  expect((await ask(direct, 'GET', '/api/dev/outbox')).status).toBe(200);
  for (const forged of [{ 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '::1', 'x-real-ip': '127.0.0.1' }, {}] as Record<string, string>[]) {
    const answer = await ask(nginx.origin, 'GET', '/api/dev/outbox', forged);
    expect([answer.status, answer.json.error?.code]).toEqual([403, 'forbidden']);
  }
  // a client that forges the header straight at an instance is refused too
  expect((await ask(direct, 'GET', '/api/dev/outbox', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
});

it('counts the per-address code limit against the address the proxy saw, whatever X-Forwarded-For the client forged', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= OTP.MAX_PER_IP_PER_HOUR; i++) {
    const answer = await ask(
      nginx.origin,
      'POST',
      '/api/auth/otp/send',
      { 'x-forwarded-for': `203.0.113.${i + 1}` },
      { userType: 'travelsx-user', countryCode: '91', phoneNumber: `98452${String(i).padStart(5, '0')}`, feature: 'login' },
    );
    statuses.push(answer.status);
  }
  expect(statuses.slice(0, OTP.MAX_PER_IP_PER_HOUR)).toEqual(Array(OTP.MAX_PER_IP_PER_HOUR).fill(200));
  expect(statuses[OTP.MAX_PER_IP_PER_HOUR]).toBe(429);
}, 300_000);
