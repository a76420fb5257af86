import { tenantMarkets } from '@/lib/seo/alternates';
import {
  chunkUrls,
  escapeXml,
  parseSitemapFileName,
  SITEMAP_URL_LIMIT,
  sitemapIndexXml,
  sitemapUrls,
  urlsetXml,
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
