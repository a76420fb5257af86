import { tenantMarkets } from '@/lib/seo/alternates';
import {
  chunkUrls,
  escapeXml,
  parseSitemapFileName,
  planSitemapFiles,
  SITEMAP_BYTE_LIMIT,
  SITEMAP_URL_LIMIT,
  sitemapIndexXml,
  sitemapUrls,
  urlsetStream,
  urlsetXml,
  type SitemapUrl,
} from '@/lib/seo/sitemap';

const demo = { slug: 'demo', domain: null, countryCode: 'in', language: 'en' };
const ORIGIN = 'https://rides.example';

describe('sitemap splitting', () => {
  it('keeps at most 50,000 URLs per file', () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    const urls = Array.from({ length: 120_001 }, (_, i) => i);
    const chunks = chunkUrls(urls);
    expect(chunks.map((c) => c.length)).toEqual([50_000, 50_000, 20_001]);
    expect(chunks.flat()).toEqual(urls);
  });

  it('splits exactly at the limit', () => {
    expect(chunkUrls(Array.from({ length: 50_000 }, (_, i) => i))).toHaveLength(1);
    expect(chunkUrls(Array.from({ length: 50_001 }, (_, i) => i)).map((c) => c.length)).toEqual([50_000, 1]);
    expect(chunkUrls([])).toEqual([[]]);
  });

  it('splits by size too: with hreflang clusters no file passes 50 MiB, long before 50,000 URLs', () => {
    expect(SITEMAP_BYTE_LIMIT).toBe(52_428_800);
    // 15 languages: about 1,800 bytes an entry, the case (a file of 50,000 would be ~90 MB)
    const langs = ['en', 'ta', 'hi', 'te', 'kn', 'ml', 'mr', 'bn', 'gu', 'pa', 'or', 'as', 'ur', 'ne', 'si'];
    const pages = Array.from({ length: 4_000 }, (_, i) => ({
      href: `/place/town-number-${i}/outstation-taxi`,
      markets: langs.map((lang) => ({ country: 'in' as const, lang })),
      lastModified: new Date(Date.UTC(2026, 0, 1 + (i % 300))),
    }));
    const urls = sitemapUrls(ORIGIN, pages);
    expect(urls).toHaveLength(60_000);
    const entry = Buffer.byteLength(urlsetXml([urls[0]])) - Buffer.byteLength(urlsetXml([]));
    expect(entry).toBeGreaterThan(1_700);
    const files = planSitemapFiles(urls);
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files[0].start).toBe(0);
    expect(files.at(-1)!.end).toBe(urls.length);
    for (const [i, file] of files.entries()) {
      if (i > 0) expect(file.start).toBe(files[i - 1].end);
      const slice = urls.slice(file.start, file.end);
      expect(slice.length).toBeLessThanOrEqual(SITEMAP_URL_LIMIT);
      expect(Buffer.byteLength(urlsetXml(slice))).toBeLessThanOrEqual(SITEMAP_BYTE_LIMIT);
      expect(file.lastModified).toEqual(new Date(Math.max(...slice.map((u) => u.lastModified!.getTime()))));
    }
    // the bytes planned are the bytes written
    const small = planSitemapFiles(urls.slice(0, 100), { maxBytes: 20_000 });
    for (const file of small) expect(Buffer.byteLength(urlsetXml(urls.slice(file.start, file.end)))).toBeLessThanOrEqual(20_000);
    expect(Buffer.byteLength(urlsetXml(urls.slice(small[0].start, small[0].end + 1)))).toBeGreaterThan(20_000);
  });

  it('still splits at 50,000 URLs when entries are small, and streams the same XML it would write', async () => {
    const tiny: SitemapUrl[] = Array.from({ length: 50_001 }, (_, i) => ({ loc: `${ORIGIN}/${i}`, alternates: {} }));
    expect(planSitemapFiles(tiny).map((f) => f.end - f.start)).toEqual([50_000, 1]);
    expect(planSitemapFiles([])).toEqual([{ start: 0, end: 0 }]);
    const some = tiny.slice(0, 1_234);
    expect(await new Response(urlsetStream(some, 100)).text()).toBe(urlsetXml(some));
  });

  it('names child files by index and refuses other names', () => {
    expect(parseSitemapFileName('0.xml')).toBe(0);
    expect(parseSitemapFileName('12.xml')).toBe(12);
    for (const bad of ['01.xml', '-1.xml', '1.txt', 'x.xml', '1234567.xml', '']) expect(parseSitemapFileName(bad)).toBeUndefined();
  });
});

describe('sitemap URLs', () => {
  const markets = tenantMarkets(demo);
  const urls = sitemapUrls(ORIGIN, [{ href: '/place/chennai', markets }]);

  it('has one entry per market language, each with the whole cluster including itself and x-default', () => {
    expect(urls).toHaveLength(markets.length);
    for (const url of urls) {
      expect(Object.values(url.alternates)).toContain(url.loc);
      expect(url.alternates['x-default']).toBe(`${ORIGIN}/place/chennai`);
      expect(Object.keys(url.alternates)).toHaveLength(markets.length + 1);
    }
    expect(new Set(urls.map((u) => u.loc)).size).toBe(markets.length);
  });

  it('writes a urlset with xhtml:link alternates and an index of child files', () => {
    const xml = urlsetXml(urls);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.match(/<url>/g)).toHaveLength(markets.length);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ta-IN" href="${ORIGIN}/in/ta/place/chennai"/>`);
    const index = sitemapIndexXml([{ loc: `${ORIGIN}/sitemap/0.xml` }, { loc: `${ORIGIN}/sitemap/1.xml` }]);
    expect(index.match(/<sitemap>/g)).toHaveLength(2);
    expect(index).toContain(`<loc>${ORIGIN}/sitemap/1.xml</loc>`);
  });

  it('escapes XML', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});
