import { expect, test, type APIRequestContext } from '@playwright/test';
import { MAX_SIBLING_SIMILARITY, SHINGLE_WORDS, mainText, pairScores, shingles, summarise } from '../../lib/seo/similarity';

/*
 * Pages of one kind must differ in what they say, not only in the place name (Google's scaled-content and
 * doorway policies): every pair of the demo operator's sibling pages in its sitemap (English), by their main
 * content's 8-word shingles, shares at most MAX_SIBLING_SIMILARITY of them (Jaccard). The threshold and why:
 * README, "Pages that bring riders".
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const LOOPBACK = `http://localhost:${PORT}`;

/** The kind of page a path is ("/in/en/airport/maa/t-nagar" -> transfer). */
function kindOf(path: string): string {
  const rest = path.split('/').slice(3);
  if (rest[0] === 'airport') return rest.length === 2 ? 'airport' : 'transfer';
  if (rest[0] === 'place') return rest.length === 2 ? 'place' : 'locality';
  if (rest[0] === 'taxi') return 'route';
  if (rest[0] === 'blog') return 'blog post';
  return rest.join('/');
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const index = await (await request.get(`${LOOPBACK}/sitemap.xml`)).text();
  const paths: string[] = [];
  for (const file of [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)) {
    const xml = await (await request.get(`${LOOPBACK}${file}`)).text();
    for (const m of xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>/g)) paths.push(new URL(m[1]).pathname);
  }
  return paths;
}

test(`no two sibling pages of the demo share more than ${MAX_SIBLING_SIMILARITY} of their ${SHINGLE_WORDS}-word shingles`, async ({ request }) => {
  test.setTimeout(20 * 60_000);
  const paths = (await sitemapPaths(request)).filter((path) => path.startsWith('/in/en/'));
  const kinds = new Map<string, Map<string, Set<string>>>();
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const response = await request.get(`${LOOPBACK}${path}`, { maxRedirects: 0 });
        expect(response.status(), path).toBe(200);
        const kind = kindOf(path);
        if (!kinds.has(kind)) kinds.set(kind, new Map());
        kinds.get(kind)!.set(path, shingles(mainText(await response.text())));
      }
    }),
  );
  for (const kind of ['place', 'route', 'airport', 'transfer', 'locality']) expect(kinds.get(kind)?.size ?? 0, kind).toBeGreaterThan(1);
  const above: string[] = [];
  for (const [kind, pages] of kinds) {
    if (pages.size < 2) continue;
    const summary = summarise(pairScores(pages));
    console.log(
      `${kind}: ${pages.size} pages, ${summary.pairs} pairs, median ${summary.median.toFixed(3)}, highest ${summary.max.toFixed(3)}, above ${MAX_SIBLING_SIMILARITY}: ${summary.above.length}`,
    );
    above.push(...summary.above.map((pair) => `${kind}: ${pair.a} and ${pair.b} share ${pair.similarity.toFixed(3)}`));
  }
  expect(above).toEqual([]);
});
