import type { Market } from '@/lib/i18n/markets';
import { toLocaleTag } from '@/lib/i18n/markets';
import { alternateLanguages, pageUrl } from './alternates';

/** Most URLs one sitemap file may hold (sitemaps.org protocol). */
export const SITEMAP_URL_LIMIT = 50_000;

/** A page of the site in every market it is indexed in. */
export type SitemapPage = {
  href: string;
  markets: readonly Market[];
  lastModified?: Date;
};

/** One <url>: a page in one market, with its whole hreflang cluster. */
export type SitemapUrl = {
  loc: string;
  lastModified?: Date;
  alternates: Record<string, string>;
};

/** Expands pages into one entry per market, each carrying the cluster (itself included) and x-default. */
export function sitemapUrls(origin: string, pages: readonly SitemapPage[]): SitemapUrl[] {
  return pages.flatMap((page) => {
    const alternates = alternateLanguages(origin, page.markets, page.href);
    return page.markets.map((market) => ({ loc: alternates[toLocaleTag(market)] ?? pageUrl(origin, market, page.href), lastModified: page.lastModified, alternates }));
  });
}

/** Splits URLs into files of at most `limit` entries (at least one file, possibly empty). */
export function chunkUrls<T>(urls: readonly T[], limit: number = SITEMAP_URL_LIMIT): T[][] {
  if (limit < 1) throw new RangeError('limit must be positive');
  const chunks: T[][] = [];
  for (let i = 0; i < urls.length; i += limit) chunks.push(urls.slice(i, i + limit));
  return chunks.length ? chunks : [[]];
}

export function sitemapFileName(index: number): string {
  return `${index}.xml`;
}

/** Index of a child sitemap file name ("3.xml" -> 3), or undefined. */
export function parseSitemapFileName(name: string): number | undefined {
  const match = /^(0|[1-9]\d{0,5})\.xml$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

export function sitemapFileUrl(origin: string, index: number): string {
  return `${origin}/sitemap/${sitemapFileName(index)}`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function sitemapIndexXml(files: readonly { loc: string; lastModified?: Date }[]): string {
  const items = files.map(
    (file) => `  <sitemap>\n    <loc>${escapeXml(file.loc)}</loc>\n${file.lastModified ? `    <lastmod>${file.lastModified.toISOString()}</lastmod>\n` : ''}  </sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const items = urls.map((url) => {
    const links = Object.entries(url.alternates)
      .map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>\n`)
      .join('');
    const lastmod = url.lastModified ? `    <lastmod>${url.lastModified.toISOString()}</lastmod>\n` : '';
    return `  <url>\n    <loc>${escapeXml(url.loc)}</loc>\n${lastmod}${links}  </url>\n`;
  });
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${items.join('')}</urlset>\n`;
}
