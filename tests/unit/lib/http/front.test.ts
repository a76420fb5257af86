/**
 * @jest-environment node
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { createFrontDoor } from '@/lib/http/front';
import { inlineStylesheets, stripAppScripts, DOCUMENT_MARKER } from '@/lib/http/front/document-html';
import { NonceInjector } from '@/lib/http/front/nonce-injector';
import { pageKindOf } from '@/lib/page-cache/kinds';
import { purgeStores } from '@/lib/page-cache/stores';
import { startDatabaseWatchdog, trackDatabaseCall } from '@/lib/db/watchdog';

const documentHtml = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><link rel="preload" as="script" href="/_next/static/chunks/a.js"/>` +
  `<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/p.js" noModule=""></script></head>` +
  `<body><main id="main" ${DOCUMENT_MARKER}><h1>${title}</h1><a href="/in/ta/place/chennai">தமிழ்</a></main>` +
  `<script src="/visit.js" async=""></script><script type="application/ld+json">{"@type":"TaxiService"}</script>` +
  `<script>self.__next_f.push([1,"x"])</script></body></html>`;

describe('which pages are documents', () => {
  it.each([
    ['/in/en/place/chennai', true],
    ['/in/en/place/chennai/outstation-taxi', true],
    ['/in/en/city/madurai', true],
    ['/in/en/taxi/chennai-to-bengaluru', true],
    ['/in/en/service/places', true],
    ['/in/en/blogs', true],
    ['/in/en/blogs/page/2', true],
    ['/in/en/blog/airport-guide', true],
    ['/in/en/madurai', true],
    ['/in/en/blog/create', false],
    ['/in/en/user/home', false],
    ['/in/en/terms', false],
    ['/in/en/travel/rides', false],
    ['/user/home', false],
    ['/in/en/place/chennai/a/b', false],
  ])('%s -> %s', (path, expected) => {
    expect(pageKindOf(path) !== undefined).toBe(expected);
  });

  it('keeps only JSON-LD and the visit script of a document', () => {
    const html = stripAppScripts(documentHtml('Chennai'))!;
    expect(html).not.toContain('/_next/');
    expect(html).not.toContain('__next_f');
    expect(html).toContain('<script src="/visit.js" async=""></script>');
    expect(html).toContain('application/ld+json');
    expect(html).toContain('<h1>Chennai</h1>');
  });

  it('inlines the stylesheets it can read and keeps the others as links', () => {
    const html =
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/><link rel="stylesheet" href="/_next/static/chunks/b.css"/><link rel="icon" href="/x.svg"/><p class="a">x</p>';
    const read = (href: string) => (href.endsWith('a.css') ? '.a{color:red}.console{display:grid}' : undefined);
    // cut to the rules the document's classes use (tests/unit/lib/http/used-css.test.ts)
    expect(inlineStylesheets(html, read)).toBe(
      '<style>.a{color:red}</style><link rel="stylesheet" href="/_next/static/chunks/b.css"/><link rel="icon" href="/x.svg"/><p class="a">x</p>',
    );
  });

  it('leaves pages alone that are not documents or need their scripts', () => {
    expect(stripAppScripts('<html><body><main id="main"><script>x</script></main></body></html>')).toBeUndefined();
    expect(stripAppScripts(`<main ${DOCUMENT_MARKER}></main><div hidden id="S:0">late</div><script>$RC("B:0","S:0")</script>`)).toBeUndefined();
  });
});

describe('nonce on streamed scripts', () => {
  it('adds the nonce to every script and link tag, even split across chunks', async () => {
    const html =
      '<html><head><link rel="preload" as="script" href="/a.js"/><script src="/a.js" async></script></head><body><p>scripts and <scripture> <linked> <li>x</li></p><script>go()</script></body></html><';
    // every possible split point, in chunks of 1..9 bytes
    for (let size = 1; size < 10; size += 1) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < html.length; i += size) chunks.push(Buffer.from(html.slice(i, i + size)));
      const out = (await buffer(Readable.from(chunks).pipe(new NonceInjector('abc')))).toString();
      expect(out).toBe(
        html.replace('<link rel', '<link nonce="abc" rel').replace('<script src', '<script nonce="abc" src').replace('<script>', '<script nonce="abc">'),
      );
    }
  });
});

describe('the front door', () => {
  let renders = 0;
  let origin = '';
  let server: http.Server;
  let front: ReturnType<typeof createFrontDoor>;
  const logged: { level: string; msg: string }[] = [];
  const log = {
    error: (_obj: object, msg: string) => logged.push({ level: 'error', msg }),
    warn: (_obj: object, msg: string) => logged.push({ level: 'warn', msg }),
    debug: (_obj: object, msg: string) => logged.push({ level: 'debug', msg }),
  };

  beforeAll(async () => {
    purgeStores('all');
    const handle = async (req: IncomingMessage, res: ServerResponse) => {
      renders += 1;
      const url = req.url ?? '/';
      if (url === '/ae/ar/page-not-found' || url === '/in/en/page-not-found') {
        const lang = url.split('/')[2];
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=300' });
        res.end(
          `<!DOCTYPE html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><script src="/_next/a.js"></script></head><body><main><h1>Not found ${lang}</h1></main></body></html>`,
        );
        return;
      }
      if (url === '/ae/ar/blog/missing' || url === '/in/en/user/missing' || url === '/zz/no-market') {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=300' });
        res.end(
          '<!DOCTYPE html><html id="__next_error__"><head><script src="/_next/a.js"></script></head><body><div hidden=""></div><script>self.__next_f.push([1])</script></body></html>',
        );
        return;
      }
      if (url === '/in/en/user/slow') {
        setTimeout(() => res.writeHead(200).end('late'), 400);
        return;
      }
      if (url === '/in/en/user/broken') {
        req.socket.destroy();
        return;
      }
      if (url.startsWith('/in/en/place/')) {
        const name = url.split('/')[4];
        if (name === 'atlantis') {
          res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
          res.end('<html><body><h1>Page not found</h1><script src="/_next/a.js"></script></body></html>');
          return;
        }
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 's-maxage=300, stale-while-revalidate=31535700',
          'x-middleware-rewrite': `/demo/en-IN/place/${name}`,
        });
        res.end(documentHtml(`${name} ${renders}`));
        return;
      }
      if (url.startsWith('/in/en/user/booking')) {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 's-maxage=300, stale-while-revalidate=31535700',
          'x-middleware-rewrite': '/demo/en-IN/user/booking',
        });
        res.end(
          `<html><head><link rel="stylesheet" href="/_next/static/a.css"/><script src="/_next/static/chunks/a.js" async></script></head><body>Book ${renders}<script>self.__next_f.push([1])</script></body></html>`,
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<html><head><script src="/_next/static/chunks/a.js" async></script></head>');
      res.end('<body><script>self.__next_f.push([1])</script></body></html>');
    };
    front = createFrontDoor({ handle, log, formOrigins: ['https://secure.payu.in'] });
    await front.listen();
    server = http.createServer((req, res) => front.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    front.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('renders a document once, strips the app scripts and answers repeats from memory, gzipped', async () => {
    const before = renders;
    const first = await fetch(`${origin}/in/en/place/chennai`);
    const second = await fetch(`${origin}/in/en/place/chennai?utm_source=ad`);
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(await second.text()).toBe(await first.text());
    expect(renders - before).toBe(1);
    expect(second.headers.get('content-security-policy')).toContain("script-src 'self';");
    // the app's internal path stays inside
    expect(first.headers.get('x-middleware-rewrite')).toBeNull();
    expect(second.headers.get('x-middleware-rewrite')).toBeNull();
    const body = await (await fetch(`${origin}/in/en/place/chennai`)).text();
    expect(body).not.toContain('/_next/');
    expect(body).toContain('/visit.js');
  });

  it('answers a conditional request with 304 and the same ETag', async () => {
    const first = await fetch(`${origin}/in/en/place/madurai`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${origin}/in/en/place/madurai`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers a stored document gzipped or plain, each with its own length, HEAD without a body, 304 with neither', async () => {
    const raw = (method: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.request(`${origin}/in/en/place/trichy`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    await raw('GET', {});
    const gzipped = await raw('GET', { 'accept-encoding': 'gzip' });
    const plain = await raw('GET', {});
    expect([gzipped.headers['x-page-cache'], plain.headers['x-page-cache']]).toEqual(['HIT', 'HIT']);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.headers['age']).toMatch(/^\d+$/);
    const head = await raw('HEAD', { 'accept-encoding': 'gzip' });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, gzipped.headers['content-length'], 0]);
    const notModified = await raw('GET', { 'if-none-match': String(plain.headers.etag), 'accept-encoding': 'gzip' });
    expect([notModified.status, notModified.headers.etag, notModified.headers['content-encoding'], notModified.body.length]).toEqual([
      304,
      plain.headers.etag,
      undefined,
      0,
    ]);
  });

  it("renders afresh after a purge of the operator's pages", async () => {
    await fetch(`${origin}/in/en/place/salem`);
    expect(purgeStores({ tenant: 'demo' })).toBeGreaterThan(0);
    const after = await fetch(`${origin}/in/en/place/salem`);
    expect(after.headers.get('x-page-cache')).toBe('MISS');
  });

  it('does not keep a 404, and gives it a nonce policy like any page', async () => {
    const missing = await fetch(`${origin}/in/en/place/atlantis`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-page-cache')).toBeNull();
    const csp = missing.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await missing.text()).toContain(`<script nonce="${nonce}" src="/_next/a.js">`);
  });

  it('gives every app page a fresh nonce on each of its scripts', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${origin}/in/en/user/home`);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self' https://secure.payu.in");
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      nonces.add(nonce);
      const html = await res.text();
      const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]);
      expect(tags).toHaveLength(2);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(2);
  });

  it('answers a prerendered app page from memory with a fresh nonce on every script, gzipped or not, until a purge', async () => {
    const before = renders;
    const answers = [];
    for (const encoding of ['gzip', 'identity', 'gzip']) {
      const res = await fetch(`${origin}/in/en/user/booking`, { headers: { 'accept-encoding': encoding } });
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1];
      const html = await res.text();
      const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]);
      expect(tags).toHaveLength(3);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      answers.push({ state: res.headers.get('x-page-cache'), nonce, text: html.replaceAll(` nonce="${nonce}"`, '') });
    }
    expect(answers.map((a) => a.state)).toEqual(['MISS', 'HIT', 'HIT']);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(3);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(renders - before).toBe(1);
    expect(purgeStores({ tenant: 'demo' })).toBeGreaterThan(0);
    expect((await fetch(`${origin}/in/en/user/booking`)).headers.get('x-page-cache')).toBe('MISS');
  });

  it('streams app pages that are not prerendered, every time', async () => {
    const before = renders;
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${origin}/in/en/user/home`)).headers.get('x-page-cache')).toBeNull();
    expect(renders - before).toBe(2);
  });

  it('logs a client that hangs up at debug level, and a page that really fails at error level', async () => {
    logged.length = 0;
    const controller = new AbortController();
    const aborted = fetch(`${origin}/in/en/user/slow`, { signal: controller.signal }).catch((error: Error) => error.name);
    setTimeout(() => controller.abort(), 50);
    expect(await aborted).toBe('AbortError');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged).toEqual([{ level: 'debug', msg: 'page request ended by the client' }]);

    logged.length = 0;
    const broken = await fetch(`${origin}/in/en/user/broken`);
    expect(broken.status).toBe(502);
    expect(broken.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logged).toEqual([{ level: 'error', msg: 'page request failed' }]);
  });

  it.each([
    ['/ae/ar/blog/missing', 'ar', 'rtl'],
    ['/in/en/user/missing', 'en', 'ltr'],
  ])("answers Next's script-only 404 shell of %s with the server-rendered not-found page, still 404", async (path, lang, dir) => {
    const missing = await fetch(`${origin}${path}`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).not.toContain('__next_error__');
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(html).toContain(`<h1>Not found ${lang}</h1>`);
    expect(missing.headers.get('cache-control')).toContain('no-store');
    const nonce = /'nonce-([^']+)'/.exec(missing.headers.get('content-security-policy')!)![1];
    expect(html).toContain(`<script nonce="${nonce}" src="/_next/a.js">`);
  });

  it("answers the not-found page's own path with 404, and leaves a 404 outside any market alone", async () => {
    expect((await fetch(`${origin}/in/en/page-not-found`)).status).toBe(404);
    const outside = await fetch(`${origin}/zz/no-market`);
    expect(outside.status).toBe(404);
    expect(await outside.text()).toContain('__next_error__');
  });

  it('refuses a page it would have to render with 503 and Retry-After while the database is stalled, and serves held pages and static files', async () => {
    const held = await fetch(`${origin}/in/en/place/madurai`);
    expect(held.status).toBe(200);
    const watchdog = startDatabaseWatchdog(1_500, { worker: false });
    let answer: () => void = () => undefined;
    const call = trackDatabaseCall(() => new Promise<void>((resolve) => (answer = resolve)));
    try {
      await new Promise((resolve) => setTimeout(resolve, 700)); // past a third of the limit
      const before = renders;
      const refused = await fetch(`${origin}/in/en/user/home`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(renders).toBe(before); // Next was not asked
      expect(logged.some((entry) => entry.msg === 'page refused while the database is stalled')).toBe(true);
      expect((await fetch(`${origin}/in/en/place/madurai`)).headers.get('x-page-cache')).toBe('HIT');
      expect((await fetch(`${origin}/_next/static/chunks/a.js`)).status).not.toBe(503);
      answer();
      await call;
      expect((await fetch(`${origin}/in/en/user/home`)).status).toBe(200);
    } finally {
      answer();
      await watchdog.stop();
    }
  });
});
