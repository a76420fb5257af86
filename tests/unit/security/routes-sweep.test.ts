import { randomUUID } from 'node:crypto';
import { chatTextSchema, userMessageEventSchema } from '@/lib/realtime/chat-events';
import { signBody } from '@/lib/whatsapp/signature';
import { backgroundIdle } from '@/lib/whatsapp/background';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { methodsAt, METHODS, pathParams, ROUTER_PATHS, ROUTER_ROUTES, ROUTES, undescribed, urlFor, type Method, type MethodSpec } from './routes';
import {
  changedTables,
  configureEnv,
  missingSecurityHeaders,
  seedWorld,
  send,
  snapshot,
  WHATSAPP,
  type Answer,
  type Call,
  type TenantWorld,
  type World,
} from './world';

/*
 * Every route of the API router fed what a careless client or a crawler
 * sends: broken JSON, bodies that are not objects, missing fields, fields of
 * the wrong type, a body far over the route's limit (declared, and streamed
 * without end), unknown and malformed ids, and junk query values; and every
 * method the router does not list for a path. Each request goes through the
 * router with its real URL. No answer may be a 5xx; a refusal is a 4xx JSON
 * error naming the problem; nothing is written.
 */

let db: Db;
let world: World;

beforeAll(async () => {
  configureEnv(true);
  db = await openTestDb();
  world = await seedWorld(db);
}, 120_000);
afterAll(async () => {
  await backgroundIdle();
  await closeTestDb();
  configureEnv(false);
});

const DEFAULT_MAX_BYTES = 64 * 1024;
const CHUNK = 64 * 1024;

it("takes the routes from the router's own table and describes every route, and only those", () => {
  expect(ROUTER_PATHS.length).toBeGreaterThanOrEqual(63);
  expect(ROUTER_ROUTES.length).toBeGreaterThanOrEqual(77);
  expect(undescribed()).toEqual([]);
  // The site's root files are router routes too.
  expect(ROUTER_PATHS).toEqual(expect.arrayContaining(['/robots.txt', '/sitemap.xml', '/sitemap/:file', '/manifest.webmanifest']));
});

it('fails for a router route nobody described and for a description the router lacks', () => {
  const extra = [...ROUTER_ROUTES, { method: 'DELETE', path: '/api/rides/:id' }, { method: 'ALL', path: '/api/debug' }];
  const { '/api/wallet': _wallet, ...fewer } = ROUTES;
  expect(undescribed(extra)).toEqual([
    'DELETE /api/rides/:id is in the router but not described in routes.ts',
    'ALL /api/debug: the router lists a method the suites do not send',
  ]);
  expect(undescribed(ROUTER_ROUTES, { ...fewer, '/api/rides/:id': { PATCH: { as: 'rider' } } })).toEqual([
    'GET /api/wallet is in the router but not described in routes.ts',
    'PATCH /api/rides/:id is described in routes.ts but the router has no such route',
  ]);
});

type Expect = 'refused' | 'no5xx';
type Case = { label: string; call: Call; expect: Expect; field?: string; statuses?: number[]; stream?: { pulled: () => number; limit: number } };

function cookieOf(t: TenantWorld, spec: MethodSpec): string | undefined {
  return spec.as === 'anon' ? undefined : t[spec.as].cookie;
}

/** Wrong-typed stand-ins for a well-formed value. */
function wrongTypes(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, { $ne: null }];
  // Numbers: also past the integer columns' range, which no id or amount may reach.
  if (typeof value === 'number') return ['12abc', { $gt: 0 }, 2_147_483_648, 1e20];
  if (typeof value === 'boolean') return ['yes', 1];
  if (Array.isArray(value)) return [{ 0: 'x' }, 'x'];
  if (value && typeof value === 'object') return ['x', [1, 2]];
  return [];
}

/** A body stream that never ends, counting what the handler pulled. */
function endless(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(CHUNK).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      // A safety stop far past any limit, so a handler that buffers fails the test instead of hanging it.
      if (pulled > 64 * 1024 * 1024) return controller.close();
      pulled += CHUNK;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

function badIds(name: string, valid: string): string[] {
  const ids = [
    randomUUID(),
    'abc',
    '-1',
    '0',
    '1.5',
    '99999999999',
    '2147483648',
    '9'.repeat(30),
    "1' or '1'='1",
    '../../etc/passwd',
    '\u0000',
    '\u0661',
    'NaN',
    'Infinity',
    '__proto__',
    'constructor',
    'a'.repeat(5000),
  ];
  // Spellings of the caller's own, real id that are not its canonical form.
  if (/^\d+$/.test(valid)) ids.push(`0x${Number(valid).toString(16)}`, ` ${valid}`, `+${valid}`, `0${valid}`, `${valid}.0`, `${valid}e0`, `${valid} `);
  if (name === 'vehicleType') ids.push('helicopter', 'SEDAN', 'sedan ', 'toString');
  if (name === 'txnId') ids.push(world.b.txnId, `${valid}x`, valid.toLowerCase() === valid ? valid.toUpperCase() : valid.toLowerCase());
  if (name === 'slug') ids.push(world.b.blogSlug, `${valid}-x`, 'create');
  if (name === 'file') ids.push('00.xml', '0.XML', '1.xml', ' 0.xml', '0.xml ', '-0.xml', '0.xml.gz', '0.xml/', '999999.xml', '9999999.xml', '0x0.xml');
  return ids;
}

const PLACEHOLDER = 'param-placeholder';
const RAW_ESCAPES = ['%', '%zz', '%E0%A4%A', '%c0%ae%c0%ae', '%ff', '%00', '%2e%2e%2f', '%u002e'];

const BAD_QUERY = [
  '',
  ' ',
  'x',
  '-1',
  '1e400',
  '2147483648',
  '99999999999999999999',
  'a'.repeat(5000),
  '\u0000',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '[]',
  '{"$ne":null}',
];

function casesFor(routePath: string, method: Method, spec: MethodSpec, t: TenantWorld): Case[] {
  const cases: Case[] = [];
  const params = spec.params?.(t) ?? {};
  const query = spec.query?.(t) ?? {};
  const url = (q: Record<string, string>, p = params) => urlFor(routePath, p, q);
  const base = { method, host: t.host, cookie: cookieOf(t, spec) };
  const body = spec.body ?? 'none';
  const maxBytes = spec.maxBytes ?? DEFAULT_MAX_BYTES;
  const sign = (raw: string): Record<string, string> => (body === 'signed' ? { 'x-hub-signature-256': signBody(raw, WHATSAPP.secret) } : {});
  const jsonBody = (label: string, raw: string, expect: Expect, field?: string, statuses = [400]) => {
    const lenient = body === 'signed' && spec.anyJson && !label.startsWith('malformed');
    cases.push({
      label,
      call: { ...base, path: url(query), body: raw, headers: sign(raw) },
      expect: lenient ? 'no5xx' : expect,
      field,
      statuses: lenient ? [200] : statuses,
    });
  };

  if (method !== 'GET') {
    const huge = Math.max(2 * 1024 * 1024, maxBytes + 1024 * 1024);
    const hugeText = JSON.stringify({ x: 'a'.repeat(huge) });
    cases.push({
      label: `a ${huge}-byte body with its Content-Length`,
      call: { ...base, path: url(query), body: hugeText, headers: { 'content-length': String(hugeText.length) } },
      expect: 'refused',
      statuses: [413],
    });
    if (body !== 'none') {
      const flood = endless();
      cases.push({
        label: 'a body streamed without end',
        call: { ...base, path: url(query), body: flood.stream },
        expect: 'refused',
        statuses: [413],
        stream: { pulled: flood.pulled, limit: maxBytes },
      });
      jsonBody('malformed JSON', '{"a":', 'refused');
      if (body === 'signed')
        cases.push({
          label: 'an unsigned body',
          call: { ...base, path: url(query), body: JSON.stringify(spec.sample?.(t) ?? {}) },
          expect: 'refused',
          statuses: [401],
        });
      if (body === 'signed')
        cases.push({
          label: 'a wrongly signed body',
          call: { ...base, path: url(query), body: '{}', headers: { 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` } },
          expect: 'refused',
          statuses: [401],
        });
      if (body === 'multipart') {
        cases.push({
          label: 'a broken multipart body',
          call: {
            ...base,
            path: url(query),
            body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
          },
          expect: 'refused',
        });
        cases.push({
          label: 'a text file as image',
          call: {
            ...base,
            path: url(query),
            body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--x--\r\n',
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
          },
          expect: 'refused',
        });
      }
      if (body === 'form')
        cases.push({
          label: 'a garbled form',
          call: { ...base, path: url(query), body: '%%%=&&&=%zz', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          expect: 'refused',
        });
      for (const raw of ['[]', '"text"', '42', 'null', 'true', '{}']) jsonBody(`the body ${raw}`, raw, 'refused');
      jsonBody('arrays nested 5000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'refused', undefined, [400, 413]);
      jsonBody('objects nested 3000 deep', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, 'refused', undefined, [400, 413]);
      const sample = spec.sample?.(t);
      if (sample) {
        for (const [key, value] of Object.entries(sample)) {
          for (const wrong of wrongTypes(value)) jsonBody(`${key} as ${JSON.stringify(wrong)}`, JSON.stringify({ ...sample, [key]: wrong }), 'refused', key);
        }
        for (const [key, value] of Object.entries(sample)) {
          if (typeof value === 'string' && !spec.keepsNul)
            jsonBody(`${key} with a NUL character`, JSON.stringify({ ...sample, [key]: `${value.slice(0, 1)}\u0000${value.slice(1)}` }), 'refused', key);
        }
        for (const key of spec.required ?? []) {
          const { [key]: _dropped, ...rest } = sample;
          jsonBody(`without ${key}`, JSON.stringify(rest), 'refused', key);
        }
      }
    }
  }

  if (method === 'GET') {
    for (const key of Object.keys(query)) {
      for (const value of BAD_QUERY)
        cases.push({ label: `${key}=${JSON.stringify(value.slice(0, 30))}`, call: { ...base, path: url({ ...query, [key]: value }) }, expect: 'no5xx' });
      const { [key]: _dropped, ...rest } = query;
      cases.push({ label: `without ${key}`, call: { ...base, path: url(rest) }, expect: 'no5xx' });
    }
    const kept = spec.sideEffect ? {} : query;
    cases.push({
      label: 'unknown and repeated query parameters',
      call: { ...base, path: `${url(kept)}${Object.keys(kept).length ? '&' : '?'}page=1&page=x&__proto__=1&constructor=2` },
      expect: 'no5xx',
    });
  }

  // The load balancer's probes answer on any host; every other route needs an operator's host.
  if (routePath !== '/api/health' && routePath !== '/api/ready') {
    // No operator answers on this host: 404 before anything is read.
    cases.push({
      label: 'an unknown host',
      call: { ...base, host: 'nobody.localhost:3000', path: url(query), body: method === 'GET' ? undefined : JSON.stringify(spec.sample?.(t) ?? {}) },
      expect: 'refused',
      statuses: [404],
    });
  }
  if (spec.as !== 'anon') {
    // A session nobody was given: signed-in routes answer 401; guest-friendly chat routes keep the rider's conversation closed (403).
    const forged = [`__Host-session=${'A'.repeat(43)}`, `__Host-session=${'x'.repeat(5000)}`, '__Host-session=%00%ff'];
    for (const cookie of forged) {
      const call = { ...base, cookie, path: url(query), body: method === 'GET' ? undefined : JSON.stringify(spec.sample?.(t) ?? {}) };
      cases.push({
        label: `the session cookie ${cookie.slice(0, 30)}`,
        call,
        expect: routePath === '/api/auth/me' ? 'no5xx' : 'refused',
        statuses: routePath === '/api/auth/me' ? [200] : [401, 403],
      });
    }
    const bearer = {
      ...base,
      cookie: undefined,
      headers: { authorization: `Bearer ${t[spec.as].token}x` },
      path: url(query),
      body: method === 'GET' ? undefined : JSON.stringify(spec.sample?.(t) ?? {}),
    };
    cases.push({
      label: 'a tampered bearer token',
      call: bearer,
      expect: routePath === '/api/auth/me' ? 'no5xx' : 'refused',
      statuses: routePath === '/api/auth/me' ? [200] : [401, 403],
    });
  }

  for (const { name, catchAll } of pathParams(routePath)) {
    const valid = params[name];
    const ids: (string | string[])[] = catchAll
      ? [
          // Dot segments in the URL are resolved before routing; encoded slashes reach the handler as one parameter.
          ['..', '..', 'etc', 'passwd'],
          ['../../etc/passwd'],
          [t.business.slug, 'blog/../../../../etc/passwd'],
          [`${t.business.slug}/blog/../../${world.b.business.slug}/blog`, world.b.cover.imageWebp.split('/').pop()!],
          [t.business.slug, 'blog', '..\\..\\x.webp'],
          [t.business.slug, 'blog', `${randomUUID()}.webp`],
          [world.b.business.slug, ...world.b.cover.imageWebp.split('/').slice(4)],
          [t.business.slug, 'blog'],
          [t.business.slug, 'blog', 'x', 'y'],
          [t.business.slug, 'blog', '%2e%2e'],
          [t.business.slug, 'blog', `${t.cover.imageWebp.split('/').pop()!}\u0000.png`],
        ]
      : badIds(name, String(valid));
    const sample = spec.sample?.(t);
    for (const id of ids) {
      const p = { ...params, [name]: id };
      const raw = sample ? JSON.stringify(sample) : undefined;
      cases.push({
        label: `${name}=${JSON.stringify(id).slice(0, 40)}`,
        call: { ...base, path: url(query, p), body: method === 'GET' ? undefined : raw },
        expect: 'refused',
        statuses: [400, 404],
      });
    }
    // Percent-escapes no decoder accepts, sent as they are (a crawler's or a scanner's URL), in the parameter's segment.
    for (const escape of RAW_ESCAPES) {
      const p = { ...params, [name]: catchAll ? [t.business.slug, 'blog', PLACEHOLDER] : PLACEHOLDER };
      const path = url(query, p).replace(PLACEHOLDER, escape);
      cases.push({
        label: `${name} spelt ${escape} in the URL`,
        call: { ...base, path, body: method === 'GET' ? undefined : sample ? JSON.stringify(sample) : undefined },
        expect: 'refused',
        statuses: [400, 404],
      });
    }
  }
  return cases;
}

/** What is wrong with an answer, or undefined. */
function problem(c: Case, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (c.expect === 'refused' && (answer.status < 400 || answer.status >= 500)) return `was not refused (${answer.status}): ${answer.text.slice(0, 200)}`;
  if (c.statuses && !c.statuses.includes(answer.status)) return `answered ${answer.status}, not ${c.statuses.join(' or ')}: ${answer.text.slice(0, 200)}`;
  if (answer.status >= 400) {
    const error = answer.json?.error;
    if (answer.json?.success !== false || typeof error?.message !== 'string' || !error.message || typeof error.code !== 'string')
      return `a ${answer.status} without a JSON error: ${answer.text.slice(0, 200)}`;
    if (c.field && answer.status === 400) {
      const named = error.field === c.field || String(error.field ?? '').startsWith(`${c.field}.`) || error.message.includes(c.field);
      if (!named) return `the 400 does not name ${c.field}: ${JSON.stringify(error)}`;
    }
  }
  if (c.stream && c.stream.pulled() > c.stream.limit + 4 * CHUNK) return `read ${c.stream.pulled()} bytes of an endless body (limit ${c.stream.limit})`;
  if (missingSecurityHeaders(answer).length) return `answered ${answer.status} without ${missingSecurityHeaders(answer).join(', ')}`;
  return undefined;
}

describe.each(ROUTER_PATHS.map((p) => [p]))('%s', (routePath) => {
  it('answers bad input with a 4xx naming the problem, never a 5xx, and writes nothing', async () => {
    const failures: string[] = [];
    for (const { method } of ROUTER_ROUTES.filter((r) => r.path === routePath)) {
      const spec = ROUTES[routePath]?.[method as Method];
      if (!spec) {
        failures.push(`${method}: not described in routes.ts`);
        continue;
      }
      const cases = casesFor(routePath, method as Method, spec, world.a);
      const before = await snapshot(db);
      for (const c of cases) {
        const answer = await send(c.call);
        const wrong = problem(c, answer);
        if (wrong) failures.push(`${method} ${c.label}: ${wrong}`);
      }
      await backgroundIdle();
      const changed = changedTables(before, await snapshot(db));
      if (changed.length) failures.push(`${method}: ${cases.length} refused requests changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});

/** Methods a client may try on any path: HEAD only where the router has no GET (GET answers HEAD), and one the router knows nothing of. */
const TRIED = [...METHODS, 'HEAD', 'PROPFIND'];

/** The Allow header as a list (two Allow headers would read as one list naming methods twice). */
function allowOf(answer: Answer): string[] {
  return (answer.headers.get('allow') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
}

describe('methods and paths the router does not list', () => {
  it('answers any other method on a known path 405 with one Allow header naming exactly its methods, and changes nothing', async () => {
    const t = world.a;
    const failures: string[] = [];
    let checked = 0;
    const before = await snapshot(db);
    for (const routePath of ROUTER_PATHS) {
      const specs = Object.values(ROUTES[routePath] ?? {});
      // The strongest caller the path knows (signed in where any method is), with a well-formed body and the path's real parameters.
      const caller = specs.find((spec) => spec.as !== 'anon') ?? specs[0];
      const cookie = caller && caller.as !== 'anon' ? t[caller.as].cookie : undefined;
      const sample = specs.find((spec) => spec.sample)?.sample?.(t) ?? {};
      const url = urlFor(
        routePath,
        Object.assign({}, ...specs.map((spec) => spec.params?.(t) ?? {})),
        Object.assign({}, ...specs.map((spec) => spec.query?.(t) ?? {})),
      );
      const listed = methodsAt(new URL(url, 'http://x').pathname);
      const expected = [...new Set([...listed, ...(listed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'])].sort();
      for (const method of TRIED) {
        if (listed.includes(method) || (method === 'HEAD' && listed.includes('GET'))) continue;
        checked += 1;
        const answer = await send({ method, host: t.host, path: url, cookie, body: ['GET', 'HEAD'].includes(method) ? undefined : sample });
        const allow = allowOf(answer);
        const name = `${method} ${url}`;
        if (answer.status !== 405) failures.push(`${name}: ${answer.status} ${answer.text.slice(0, 160)}`);
        // HEAD answers carry no body.
        else if (method !== 'HEAD' && (answer.json?.success !== false || answer.json.error?.code !== 'method_not_allowed' || !answer.json.error.message))
          failures.push(`${name}: a 405 without its JSON error: ${answer.text.slice(0, 160)}`);
        if (new Set(allow).size !== allow.length)
          failures.push(`${name}: more than one Allow header, or a method named twice (${answer.headers.get('allow')})`);
        if ([...new Set(allow)].sort().join(', ') !== expected.join(', '))
          failures.push(`${name}: Allow ${answer.headers.get('allow')}, not ${expected.join(', ')}`);
        if (missingSecurityHeaders(answer).length) failures.push(`${name}: without ${missingSecurityHeaders(answer).join(', ')}`);
      }
      const options = await send({ method: 'OPTIONS', host: t.host, path: url, cookie });
      const allow = allowOf(options);
      if (options.status !== 204 || options.text !== '') failures.push(`OPTIONS ${url}: ${options.status} ${options.text.slice(0, 160)}`);
      if (new Set(allow).size !== allow.length || [...allow].sort().join(', ') !== expected.join(', '))
        failures.push(`OPTIONS ${url}: Allow ${options.headers.get('allow')}, not ${expected.join(', ')}`);
    }
    await backgroundIdle();
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(4 * ROUTER_PATHS.length);
    expect(changedTables(before, await snapshot(db))).toEqual([]);
  });

  it('answers a path the router does not have 404 JSON without Allow, on every method, and changes nothing', async () => {
    const t = world.a;
    const paths = [
      '/api',
      '/api/',
      '/api/nothing',
      '/api/internal/revalidate',
      '/api/rides/',
      `/api/rides/${t.rides.booked}`,
      `/api/rides/${t.rides.booked}/cancel/now`,
      '/api/RIDES',
      '/api/uploads',
      '/api/uploads/',
      '/robots.txt/x',
      '/sitemap',
      '/sitemap/',
      '/sitemap/0.xml/x',
    ];
    const failures: string[] = [];
    const before = await snapshot(db);
    for (const url of paths) {
      for (const method of [...TRIED, 'OPTIONS']) {
        const answer = await send({
          method,
          host: t.host,
          path: url,
          cookie: t.rider.cookie,
          body: ['GET', 'HEAD', 'OPTIONS'].includes(method) ? undefined : { reason: 'x' },
        });
        if (answer.status !== 404) failures.push(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 120)}`);
        else if (method !== 'HEAD' && (answer.json?.success !== false || answer.json.error?.code !== 'not_found'))
          failures.push(`${method} ${url}: a 404 without its JSON error: ${answer.text.slice(0, 120)}`);
        if (answer.headers.get('allow') !== null) failures.push(`${method} ${url}: Allow ${answer.headers.get('allow')}`);
        if (missingSecurityHeaders(answer).length) failures.push(`${method} ${url}: without ${missingSecurityHeaders(answer).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot(db))).toEqual([]);
  });
});

it('refuses a chat message with a NUL character on the socket as well (it is not a route, and the database cannot store it)', () => {
  expect(userMessageEventSchema.safeParse({ content: 'Book\u0000 a taxi', chatSession: 'guest-nulcheck', locale: 'en-IN' }).success).toBe(false);
  expect(userMessageEventSchema.safeParse({ content: { message: 'Book\u0000 a taxi' }, chatSession: 'guest-nulcheck', locale: 'en-IN' }).success).toBe(false);
  expect(chatTextSchema.safeParse('Book\u0000 a taxi').error?.issues[0].message).toBe('A message cannot contain NUL characters.');
});
