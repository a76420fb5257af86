import assert from 'node:assert/strict';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';

/*
 * Search-engine crawlers are users: this walks robots.txt and every sitemap URL
 * of two operators, the demo (localhost) and acme (acme.localhost), checking
 * status, canonical, hreflang reciprocity and JSON-LD on each page.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const LOOPBACK = `http://localhost:${PORT}`;
const DEMO_HOST = `localhost:${PORT}`;
const ACME_HOST = `acme.localhost:${PORT}`;
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CONCURRENCY = 4;

type Page = {
  url: string;
  status: number;
  canonicals: string[];
  alternates: Record<string, string>;
  jsonLd: Record<string, unknown>[];
  cache: string | null;
  title: string;
  description: string;
  h1: string;
  /** Absolute URLs of the page's own links (a href) on its origin. */
  links: string[];
};
type SitemapEntry = { loc: string; alternates: Record<string, string> };

/** Node does not resolve *.localhost as browsers do: ask loopback with the URL's own Host header. */
function get(request: APIRequestContext, url: string, extra: Record<string, string> = {}): Promise<APIResponse> {
  const target = new URL(url);
  return request.get(`${LOOPBACK}${target.pathname}${target.search}`, { headers: { host: target.host, 'user-agent': CRAWLER_UA, ...extra }, maxRedirects: 0 });
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)) found[match[1].toLowerCase()] = decode(match[2]);
  return found;
}

function parsePage(url: string, status: number, html: string, cache: string | null): Page {
  const heads = [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => attributes(m[0]));
  const canonicals = heads.filter((l) => l.rel === 'canonical').map((l) => l.href);
  const alternates: Record<string, string> = {};
  for (const link of heads.filter((l) => l.rel === 'alternate' && l.hreflang)) alternates[link.hreflang] = link.href;
  const jsonLd = [...html.matchAll(/<script\b[^>]*\btype="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]) as Record<string, unknown>;
    return Array.isArray(data['@graph']) ? (data['@graph'] as Record<string, unknown>[]) : [data];
  });
  const text = (html: string) => decode(html.replace(/<[^>]+>/g, '')).trim();
  const origin = new URL(url).origin;
  const links = [...html.matchAll(/<a\b[^>]*\bhref="(\/[^"]*)"/g)].map((m) => `${origin}${decode(m[1]).split('#')[0]}`);
  return {
    url,
    status,
    canonicals,
    alternates,
    jsonLd,
    cache,
    title: text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? ''),
    description: decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''),
    h1: text(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''),
    links,
  };
}

/** Where a URL ends after its redirects (each hop asked with its own Host), and the final status. */
async function resolveRedirects(request: APIRequestContext, url: string): Promise<{ url: string; status: number }> {
  let current = url;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await get(request, current);
    const location = response.headers().location;
    if (response.status() < 300 || response.status() >= 400 || !location) return { url: current, status: response.status() };
    current = new URL(location, current).href;
  }
  return { url: current, status: 0 };
}

/**
 * What a site's pages say of each other: titles, descriptions and headings unique per language, and every
 * sitemap URL linked from some other page of the site (a page nothing links to is an orphan, or a doorway).
 */
function checkSite(entries: readonly SitemapEntry[], pages: Map<string, Page>): string[] {
  const problems: string[] = [];
  const languageOf = (url: string) => new URL(url).pathname.split('/').slice(1, 3).join('/');
  for (const field of ['title', 'description', 'h1'] as const) {
    const seen = new Map<string, string>();
    for (const { loc } of entries) {
      const page = pages.get(loc)!;
      const key = `${languageOf(loc)}|${page[field]}`;
      const other = seen.get(key);
      if (!page[field]) problems.push(`${loc}: no ${field}`);
      else if (other) problems.push(`${loc} and ${other} share the ${field} "${page[field]}"`);
      else seen.set(key, loc);
    }
  }
  const linked = new Set<string>();
  for (const page of pages.values()) for (const link of page.links) if (link !== page.url) linked.add(link);
  for (const { loc } of entries) if (!linked.has(loc)) problems.push(`${loc}: no page links to it`);
  return problems;
}

function parseSitemap(xml: string): SitemapEntry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => {
    const alternates: Record<string, string> = {};
    for (const link of m[1].matchAll(/<xhtml:link\b[^>]*\/>/g)) {
      const attrs = attributes(link[0]);
      alternates[attrs.hreflang] = attrs.href;
    }
    return { loc: decode(/<loc>([^<]+)<\/loc>/.exec(m[1])![1]), alternates };
  });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1]));

/** robots.txt of a host, its Sitemap URL, and every entry of every child sitemap. */
async function readSite(request: APIRequestContext, host: string) {
  const robotsResponse = await request.get(`${LOOPBACK}/robots.txt`, { headers: { host, 'user-agent': CRAWLER_UA } });
  expect(robotsResponse.status()).toBe(200);
  const robots = await robotsResponse.text();
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  expect(sitemapUrl, `robots.txt of ${host} names a sitemap`).toBeTruthy();
  const origin = new URL(sitemapUrl!).origin;
  const indexResponse = await get(request, sitemapUrl!);
  expect(indexResponse.status()).toBe(200);
  const index = await indexResponse.text();
  expect(index).toContain('<sitemapindex');
  const files = locs(index);
  expect(files.length).toBeGreaterThan(0);
  const entries: SitemapEntry[] = [];
  for (const file of files) {
    expect(file.startsWith(`${origin}/`)).toBe(true);
    const response = await get(request, file);
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const fileEntries = parseSitemap(xml);
    expect(fileEntries.length).toBeLessThanOrEqual(50_000);
    entries.push(...fileEntries);
  }
  return { robots, origin, index, entries };
}

async function crawl(request: APIRequestContext, urls: string[]): Promise<Map<string, Page>> {
  const pages = new Map<string, Page>();
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const response = await get(request, url);
      pages.set(url, parsePage(url, response.status(), await response.text(), response.headers()['x-page-cache'] ?? null));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return pages;
}

/** Links to the blog's index pages (/blogs, /blogs/page/N) on pages already read that are not read yet. */
function blogListings(pages: Map<string, Page>): string[] {
  const found = new Set<string>();
  for (const page of pages.values())
    for (const link of page.links) if (/\/blogs(?:\/page\/\d+)?$/.test(new URL(link).pathname) && !pages.has(link)) found.add(link);
  return [...found];
}

function nodesOfType(page: Page, type: string): Record<string, unknown>[] {
  return page.jsonLd.filter((node) => node['@type'] === type || (Array.isArray(node['@type']) && node['@type'].includes(type)));
}

/**
 * Everything a crawler needs from one page, checked against its own URL and its sitemap entry.
 * Plain assertions, collected: Playwright records every `expect` as a report step, and thousands of
 * pages times dozens of checks would make the report's bookkeeping quadratic.
 */
function checkPage(page: Page, entry: SitemapEntry, origin: string, pages: Map<string, Page>): string[] {
  const problems: string[] = [];
  const check = (assertion: () => void) => {
    try {
      assertion();
    } catch (error) {
      problems.push((error as Error).message);
    }
  };
  const where = page.url;
  check(() => assert.equal(page.status, 200, `${where}: status`));
  check(() => assert.deepEqual(page.canonicals, [page.url], `${where}: exactly one canonical, its own URL`));

  const own = Object.entries(page.alternates).find(([lang, href]) => lang !== 'x-default' && href === page.url);
  check(() => assert.ok(own, `${where}: the hreflang cluster includes the page itself`));
  check(() => assert.ok(page.alternates['x-default'], `${where}: x-default`));
  for (const href of Object.values(page.alternates)) check(() => assert.ok(href.startsWith(`${origin}/`), `${where}: ${href} on the operator's origin`));
  if (own) {
    const [ownLang] = own;
    for (const [lang, href] of Object.entries(page.alternates)) {
      if (lang === 'x-default') continue;
      const other = pages.get(href);
      if (!other) {
        problems.push(`${where}: alternate ${href} was crawled`);
        continue;
      }
      check(() => assert.equal(other.alternates[ownLang], page.url, `${href} links back to ${where} as ${ownLang}`));
      check(() => assert.equal(other.alternates[lang], href, `${href} names itself as ${lang}`));
    }
  }

  const isBlog = new URL(page.url).pathname.split('/')[3] === 'blog';
  const text = JSON.stringify(page.jsonLd);
  check(() => assert.doesNotMatch(text, /"Review"/, `${where}: no review markup`));
  // An AggregateRating only from riders' real ratings (tests/e2e/trust.spec.ts): at least one, 1 to 5.
  for (const rating of [...text.matchAll(/"AggregateRating","ratingValue":([\d.]+),"ratingCount":(\d+)/g)]) {
    check(() => assert.ok(Number(rating[2]) >= 1 && Number(rating[1]) >= 1 && Number(rating[1]) <= 5, `${where}: a real AggregateRating`));
  }
  check(() =>
    assert.equal(
      (text.match(/AggregateRating/g) ?? []).length,
      [...text.matchAll(/"AggregateRating","ratingValue":/g)].length,
      `${where}: AggregateRating carries its figures`,
    ),
  );
  if (isBlog) {
    const [post] = nodesOfType(page, 'BlogPosting');
    check(() => assert.ok(post, `${where}: BlogPosting`));
    check(() => assert.ok(post?.headline, `${where}: BlogPosting headline`));
    return problems;
  }
  check(() => assert.deepEqual(page.alternates, entry.alternates, `${where}: the page and its sitemap entry name the same cluster`));
  const [service] = nodesOfType(page, 'TaxiService');
  if (!service) return [...problems, `${where}: TaxiService`];
  check(() => assert.equal(typeof service.name, 'string', `${where}: TaxiService name`));
  check(() => assert.equal(service.url, page.url, `${where}: TaxiService url`));
  check(() => assert.ok(Array.isArray(service.areaServed), `${where}: TaxiService areaServed`));
  const provider = (service.provider ?? {}) as Record<string, unknown>;
  check(() => assert.equal(provider['@type'], 'LocalBusiness', `${where}: LocalBusiness provider`));
  check(() => assert.equal(typeof provider.name, 'string', `${where}: provider name`));
  check(() => assert.match(String(provider.telephone), /^\+\d+$/, `${where}: provider telephone`));
  check(() => assert.ok(provider.address && typeof provider.address === 'object', `${where}: provider address`));
  check(() => assert.ok(Array.isArray(provider.areaServed), `${where}: provider areaServed`));
  check(() => assert.equal((provider.geo as { '@type'?: string } | undefined)?.['@type'], 'GeoCoordinates', `${where}: provider geo`));
  const [breadcrumbs] = nodesOfType(page, 'BreadcrumbList');
  // the home page is a trail of one, which is no BreadcrumbList (a list needs two items)
  const isHome = /\/[a-z]{2}\/[a-z]{2}\/user\/home$/.test(page.url);
  if (isHome) return breadcrumbs ? [...problems, `${where}: a one-item BreadcrumbList on the home page`] : problems;
  if (!breadcrumbs) return [...problems, `${where}: BreadcrumbList`];
  const items = breadcrumbs.itemListElement as { position: number; name: string; item: string }[];
  check(() => assert.ok(items.length >= 2, `${where}: a breadcrumb trail of at least two items`));
  check(() =>
    assert.deepEqual(
      items.map((item) => item.position),
      items.map((_, index) => index + 1),
      `${where}: breadcrumb positions`,
    ),
  );
  check(() => assert.equal(items.at(-1)!.item, page.url, `${where}: the last breadcrumb is the page`));
  return problems;
}

test.describe('crawlers', () => {
  test('a place page answered twice is served from the cache the second time', async ({ request }) => {
    const url = `${LOOPBACK}/in/en/place/madurai`;
    const first = await request.get(url, { maxRedirects: 0 });
    expect(first.status()).toBe(200);
    const second = await request.get(url, { maxRedirects: 0 });
    expect(second.status()).toBe(200);
    // The server's document cache (lib/http/front/documents.ts): MISS on the render that fills it, HIT from it,
    // STALE after the page's revalidate (Cache-Control s-maxage=300) while one request renders it afresh.
    expect(second.headers()['x-page-cache']).toMatch(/^(HIT|STALE)$/);
    expect(second.headers()['cache-control']).toMatch(/\bs-maxage=300\b/);
    // a static document: no app JavaScript, a policy that lets no inline script run
    const html = await second.text();
    expect(html).not.toMatch(/<script[^>]+src="\/_next\//);
    expect(html).not.toContain('self.__next_f');
    expect(second.headers()['content-security-policy']).toContain("script-src 'self';");
  });

  test('an unknown place answers the localized 404 page with status 404', async ({ request, page }) => {
    for (const path of [
      '/in/en/place/atlantis',
      '/in/en/place/chennai/helicopter-taxi',
      '/in/en/taxi/chennai-to-mumbai',
      '/in/en/atlantis',
      '/in/en/place/%21%21%21',
    ]) {
      const response = await request.get(`${LOOPBACK}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('Page not found');
    }
    const response = await page.goto('/in/en/place/atlantis');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const acme = await request.get(`${LOOPBACK}/ae/en/place/chennai`, { headers: { host: ACME_HOST }, maxRedirects: 0 });
    expect(acme.status(), 'a place of another operator is unknown here').toBe(404);
  });

  test('odd characters in a place name redirect to the normalised slug (docs/requirements/crawler.md#place-names-in-urls)', async ({ request }) => {
    for (const [path, target] of [
      ['/in/en/place/Chennai', '/in/en/place/chennai'],
      ['/in/en/place/chennai%21', '/in/en/place/chennai'],
      ['/in/en/place/Chennai/local-taxi', '/in/en/place/chennai/local-taxi'],
      ['/in/en/taxi/Chennai-To-Pondicherry', '/in/en/taxi/chennai-to-pondicherry'],
    ]) {
      const response = await request.get(`${LOOPBACK}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(308);
      expect(new URL(response.headers().location, LOOPBACK).pathname, path).toBe(target);
    }
  });

  test('the city pages that said what the place page says lead there for good; they shadow no other route', async ({ request }) => {
    for (const path of ['/in/en/chennai', '/in/en/city/chennai', '/in/en/taxi/chennai', '/in/en/place/chennai/local-taxi', '/in/en/place/chennai/car-rental']) {
      const moved = await request.get(`${LOOPBACK}${path}`, { maxRedirects: 0 });
      expect([moved.status(), new URL(moved.headers().location, LOOPBACK).pathname], path).toEqual([308, '/in/en/place/chennai']);
    }
    const airport = await request.get(`${LOOPBACK}/in/ta/place/chennai/airport-taxi`, { maxRedirects: 0 });
    expect([airport.status(), new URL(airport.headers().location, LOOPBACK).pathname]).toEqual([308, '/in/ta/airport/maa']);
    for (const path of ['/in/en/privacy', '/in/en/terms', '/in/en/blogs']) {
      expect((await request.get(`${LOOPBACK}${path}`, { maxRedirects: 0 })).status(), path).toBe(200);
    }
    // signup is the platform's page: 200 on the platform's host; on an operator's site it leads to the rider home (issue 20 item 6)
    expect((await request.get(`${LOOPBACK}/in/en/signup`, { headers: { host: `platform.localhost:${PORT}` }, maxRedirects: 0 })).status()).toBe(200);
    const onRiderSite = await request.get(`${LOOPBACK}/in/en/signup`, { maxRedirects: 0 });
    expect([onRiderSite.status(), new URL(onRiderSite.headers().location, LOOPBACK).pathname]).toEqual([307, '/in/en/user/home']);
  });

  test('robots, sitemaps and manifests differ per host and never point at another operator', async ({ request }) => {
    const demo = await readSite(request, DEMO_HOST);
    const acme = await readSite(request, ACME_HOST);
    expect(demo.robots).not.toBe(acme.robots);
    expect(demo.index).not.toBe(acme.index);
    expect(demo.origin).not.toBe(acme.origin);
    expect(acme.origin).toBe(`http://${ACME_HOST}`);
    // one expect over collected URLs: an expect per URL (thousands) makes the report quadratic
    const foreign = (site: typeof demo) =>
      site.entries.flatMap((entry) => [entry.loc, ...Object.values(entry.alternates)]).filter((url) => !url.startsWith(`${site.origin}/`));
    expect(foreign(demo)).toEqual([]);
    expect(foreign(acme)).toEqual([]);
    expect(acme.entries.some((e) => /chennai/.test(e.loc))).toBe(false);
    expect(demo.entries.some((e) => /dubai/.test(e.loc))).toBe(false);
    const demoPaths = demo.entries.map((e) => new URL(e.loc).pathname);
    for (const path of [
      '/in/en/user/home',
      '/in/en/service/places',
      '/in/en/place/chennai',
      '/in/ta/airport/maa',
      '/in/hi/airport/maa/t-nagar',
      '/in/en/place/chennai/velachery',
      '/in/en/taxi/chennai-to-pondicherry',
    ]) {
      expect(demoPaths, path).toContain(path);
    }
    // one page per purpose: the families that repeated the place page are gone from the sitemap
    expect(
      demoPaths.filter((path) => /\/(?:city|taxi)\/[^/]+$|\/place\/[^/]+\/(?:local|airport|outstation)-taxi$|car-rental$/.test(path) && !path.includes('-to-')),
    ).toEqual([]);
    const manifest = async (host: string) => (await request.get(`${LOOPBACK}/manifest.webmanifest`, { headers: { host } })).json();
    expect(await manifest(DEMO_HOST)).toMatchObject({ name: 'Meridian Cabs', icons: expect.any(Array) });
    expect(await manifest(ACME_HOST)).toMatchObject({ name: 'Acme Desert Rides', icons: expect.any(Array) });
    const unprefixed = await get(request, demo.entries.find((e) => e.loc.endsWith('/in/en/place/chennai'))!.alternates['x-default']);
    expect(unprefixed.status()).toBe(307);
    expect(unprefixed.headers().location).toMatch(/\/in\/en\/place\/chennai$/);
  });

  test('each host answers /favicon.ico with its own operator’s icon, cacheable (docs/requirements/crawler.md#icons)', async ({ request }) => {
    /** The icon's bytes: an ICO answered directly, or the operator's own PNG a redirect leads to. */
    const favicon = async (host: string, slug: string) => {
      const answer = await get(request, `http://${host}/favicon.ico`);
      expect(answer.headers()['cache-control'], host).toMatch(/public, max-age=\d+/);
      expect(answer.headers().vary, host).toMatch(/host/i);
      if (answer.status() === 302) {
        // an uploaded logo's icon (operator-settings.spec.ts may have uploaded one): this operator's own upload
        const location = answer.headers().location;
        expect(location, host).toMatch(new RegExp(`^/media/${slug}/brand/[0-9a-f-]{36}-32\\.png$`));
        const png = await get(request, `http://${host}${location}`);
        expect(png.status(), location).toBe(200);
        expect(png.headers()['content-type']).toBe('image/png');
        return png.body();
      }
      expect(answer.status(), host).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/x-icon');
      const body = await answer.body();
      expect([...body.subarray(0, 6)], host).toEqual([0, 0, 1, 0, 1, 0]);
      return body;
    };
    const demo = await favicon(DEMO_HOST, 'demo');
    const acme = await favicon(ACME_HOST, 'acme');
    expect(demo.equals(acme)).toBe(false);
  });

  for (const host of [DEMO_HOST, ACME_HOST]) {
    test(`every sitemap URL of ${host} answers 200 with one self canonical, a reciprocal hreflang cluster and JSON-LD`, async ({ request }) => {
      test.setTimeout(30 * 60_000);
      const site = await readSite(request, host);
      const urls = [...new Set(site.entries.map((e) => e.loc))];
      expect(urls.length).toBe(site.entries.length);
      const pages = await crawl(request, urls);
      const missing = [
        ...new Set(
          [...pages.values()].flatMap((p) =>
            Object.entries(p.alternates)
              .filter(([lang, href]) => lang !== 'x-default' && !pages.has(href))
              .map(([, href]) => href),
          ),
        ),
      ];
      for (const [url, page] of await crawl(request, missing)) pages.set(url, page);
      // the blog's index pages are not in the sitemap (lists, not content) but a crawler follows them from the
      // footer and the home page: they are what links every post past the newest few
      for (let listings = blogListings(pages); listings.length; listings = blogListings(pages)) {
        for (const [url, page] of await crawl(request, listings)) pages.set(url, page);
      }
      const problems = site.entries.flatMap((entry) => checkPage(pages.get(entry.loc)!, entry, site.origin, pages));
      problems.push(...checkSite(site.entries, pages));
      // x-default leads (by cookie and Accept-Language) to a page that exists
      for (const xDefault of new Set(site.entries.map((entry) => entry.alternates['x-default']))) {
        const end = await resolveRedirects(request, xDefault);
        if (end.status !== 200) problems.push(`x-default ${xDefault} ends at ${end.url} with ${end.status}`);
      }
      expect(problems, `${problems.length} problems on ${site.entries.length} pages`).toEqual([]);
    });
  }
});
