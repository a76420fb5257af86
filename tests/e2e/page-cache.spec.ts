/**
 * A change an operator makes shows on the next page view (lib/page-cache/index.ts names the trip). This spec
 * starts its own production server without the deployment's PayU keys (the shared e2e server has them, so
 * card payment is on for every operator there): card payment then depends on the operator's own keys.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Instance } from '../../bench/cluster.mjs';

// The harness is plain ESM shared with the benches (see cluster.spec.ts), loaded as it is.
type Harness = typeof import('../../bench/cluster.mjs');
let harness: Harness;
let server: Instance | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-spec-'));
let origin: string;
let cookie: string;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  harness = (await import(`${process.cwd()}/bench/cluster.mjs`)) as Harness;
  // a fresh data directory takes seconds to initialise, more on a busy machine
  server = await harness.launchServer(await harness.freePort(), {
    dataDir,
    env: { RATE_LIMITS: 'off', SMTP_URL: '', PAYU_KEY: '', PAYU_SALT: '', LOG_LEVEL: 'warn' },
    timeoutMs: 180_000,
  });
  origin = server.origin;
  const json = harness.apiClient(origin);
  const email = 'hello@meridiancabs.example';
  const sent = await json('/api/auth/otp/send', { method: 'POST', body: { userType: 'travelsx-partner', email } });
  expect(sent.status).toBe(200);
  const otp = /\b(\d{6})\b/.exec((await json(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json.data[0].body)![1];
  const verified = await fetch(`${origin}/api/auth/otp/verify`, {
    method: 'POST',
    // a code is bound to the browser that asked for it (its code-request cookie)
    headers: { 'content-type': 'application/json', origin, cookie: harness.codeRequestOf(sent.headers) },
    body: JSON.stringify({ userType: 'travelsx-partner', email, otp, feature: 'login' }),
  });
  expect(verified.status).toBe(200);
  cookie = verified.headers.get('set-cookie')!.split(';')[0];
});

test.afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function publish(title: string): Promise<void> {
  const answer = await harness.apiClient(origin)('/api/blog', {
    method: 'POST',
    cookie,
    body: {
      title,
      slug: title.toLowerCase().replace(/\W+/g, '-'),
      keywords: 'taxi, airport',
      description: `<p>${'A ride from the airport to the city, booked in a minute and paid at the end. '.repeat(3)}</p>`,
      image: 'https://images.example.com/airport.jpg',
    },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
}

const page = async (path: string) => (await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'gzip' } })).text();

test('a published post is on /blogs at the next view, also when a render of the list was under way as it was published', async () => {
  const missed: string[] = [];
  for (let attempt = 0; attempt < 12; attempt += 1) {
    // after this publish the list is rendered afresh by the next view: that view is under way during the next publish
    await publish(`Lead ${attempt} ${Date.now()}`);
    const title = `Next view ${attempt} ${Date.now()}`;
    const delayMs = (attempt % 6) * 20;
    await Promise.all([page('/in/en/blogs'), new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => publish(title))]);
    if (!(await page('/in/en/blogs')).includes(title)) missed.push(`${title} (published ${delayMs} ms into a render)`);
  }
  expect(missed).toEqual([]);
});

test('saving PayU keys: the ride summary offers card payment at the next view, and no longer once they are removed', async () => {
  const offersCard = async () => /cardPayments\\?":true/.test(await page('/in/en/ride/summary'));
  // the page is kept by the front door (a second view is answered from memory)
  expect(await offersCard()).toBe(false);
  expect(await offersCard()).toBe(false);
  const json = harness.apiClient(origin);
  const saved = await json('/api/partner/integrations/payu', { method: 'PUT', cookie, body: { merchantKey: 'gtKFFx', salt: 'eCwWELxiabcdefgh' } });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect(await offersCard()).toBe(true);
  expect((await json('/api/partner/integrations/payu', { method: 'DELETE', cookie })).status).toBe(200);
  expect(await offersCard()).toBe(false);
});
