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
    return page.markets.map((market) => ({
      loc: alternates[toLocaleTag(market)] ?? pageUrl(origin, market, page.href),
      lastModified: page.lastModified,
      alternates,
    }));
  });
}

/** Splits URLs into files of at most `limit` entries (at least one file, possibly empty). */
export function chunkUrls<T>(urls: readonly T[], limit: number = SITEMAP_URL_LIMIT): T[][] {
  if (limit < 1) throw new RangeError('limit must be positive');
  const chunks: T[][] = [];
  for (let i = 0; i < urls.length; i += limit) chunks.push(urls.slice(i, i + limit));
  return chunks.length ? chunks : [[]];
}

/** Largest uncompressed sitemap file, in bytes (sitemaps.org protocol: 50 MiB). */
export const SITEMAP_BYTE_LIMIT = 50 * 1024 * 1024;

/** A child sitemap: URLs [start, end) of the tenant's list and the newest lastmod among them. */
export type SitemapFile = { start: number; end: number; lastModified?: Date };

/**
 * Splits URLs into files under both limits: at most `maxUrls` entries and at
 * most `maxBytes` bytes of XML each (the head and tail of the file included).
 */
export function planSitemapFiles(urls: readonly SitemapUrl[], { maxUrls = SITEMAP_URL_LIMIT, maxBytes = SITEMAP_BYTE_LIMIT } = {}): SitemapFile[] {
  const frame = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
  const files: SitemapFile[] = [];
  let file: SitemapFile = { start: 0, end: 0 };
  let bytes = frame;
  for (let i = 0; i < urls.length; i += 1) {
    const size = urlEntryBytes(urls[i]);
    if (frame + size > maxBytes) throw new RangeError(`sitemap entry ${urls[i].loc} alone exceeds ${maxBytes} bytes`);
    if (file.end > file.start && (file.end - file.start >= maxUrls || bytes + size > maxBytes)) {
      files.push(file);
      file = { start: i, end: i };
      bytes = frame;
    }
    file.end = i + 1;
    bytes += size;
    const modified = urls[i].lastModified;
    if (modified && (!file.lastModified || modified > file.lastModified)) file.lastModified = modified;
  }
  files.push(file);
  return files;
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
    (file) =>
      `  <sitemap>\n    <loc>${escapeXml(file.loc)}</loc>\n${file.lastModified ? `    <lastmod>${file.lastModified.toISOString()}</lastmod>\n` : ''}  </sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}

const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = '</urlset>\n';

/** The <xhtml:link> lines of a cluster, built once per page (every market of a page shares its cluster object). */
const linkLines = new WeakMap<Record<string, string>, { xml: string; bytes: number }>();

function alternatesXml(alternates: Record<string, string>): { xml: string; bytes: number } {
  let lines = linkLines.get(alternates);
  if (!lines) {
    const xml = Object.entries(alternates)
      .map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>\n`)
      .join('');
    lines = { xml, bytes: Buffer.byteLength(xml) };
    linkLines.set(alternates, lines);
  }
  return lines;
}

function urlHead(url: SitemapUrl): string {
  const lastmod = url.lastModified ? `    <lastmod>${url.lastModified.toISOString()}</lastmod>\n` : '';
  return `  <url>\n    <loc>${escapeXml(url.loc)}</loc>\n${lastmod}`;
}

const URL_CLOSE = '  </url>\n';

function urlEntryBytes(url: SitemapUrl): number {
  return Buffer.byteLength(urlHead(url)) + alternatesXml(url.alternates).bytes + URL_CLOSE.length;
}

function urlEntryXml(url: SitemapUrl): string {
  return `${urlHead(url)}${alternatesXml(url.alternates).xml}${URL_CLOSE}`;
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  return `${URLSET_OPEN}${urls.map(urlEntryXml).join('')}${URLSET_CLOSE}`;
}

/** The same XML as urlsetXml, as a stream of UTF-8 chunks of about `batch` entries (a full file is up to 50 MiB). */
export function urlsetStream(urls: readonly SitemapUrl[], batch = 500): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === -1) {
        controller.enqueue(encoder.encode(URLSET_OPEN));
        next = 0;
        return;
      }
      if (next >= urls.length) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        return;
      }
      const end = Math.min(urls.length, next + batch);
      let xml = '';
      for (let i = next; i < end; i += 1) xml += urlEntryXml(urls[i]);
      next = end;
      controller.enqueue(encoder.encode(xml));
    },
  });
}
