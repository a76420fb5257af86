/**
 * The page kinds the front door keeps as documents: server-rendered pages
 * whose every control is a link, sent without the app's JavaScript and
 * answered from memory until their revalidate time. A new kind is one row:
 * its route folder under app/[tenant]/[locale]/ and its revalidate time in
 * seconds. Next needs the page file's own `export const revalidate` to be a
 * literal, so tests/unit/lib/page-cache/kinds.test.ts holds each file to its
 * row.
 */
type PageKind = {
  /** Folder of the page under app/[tenant]/[locale]/; each `[name]` matches one path segment. */
  route: string;
  /** Seconds a render stays fresh (the page file's `revalidate`). */
  revalidate: number;
  /** Values of the first `[name]` that belong to other routes (static folders Next prefers). */
  except?: ReadonlySet<string>;
};

/** First segments of the app's own pages, which a one-segment city path never is. */
const APP_ROOTS: ReadonlySet<string> = new Set([
  'ai',
  'appstores',
  'business',
  'contact-us',
  'delivery',
  'driver',
  'partner',
  'privacy',
  'signup',
  'terms',
  'travel',
  'user',
]);

export const PAGE_KINDS = {
  place: { route: 'place/[place]', revalidate: 300 },
  placeTrip: { route: 'place/[place]/[type]', revalidate: 300 },
  airport: { route: 'airport/[code]', revalidate: 300 },
  airportTrip: { route: 'airport/[code]/[place]', revalidate: 300 },
  city: { route: 'city/[city]', revalidate: 300 },
  route: { route: 'taxi/[taxi]', revalidate: 300 },
  servicePlaces: { route: 'service/places', revalidate: 300 },
  blogs: { route: 'blogs', revalidate: 300 },
  blogsPage: { route: 'blogs/page/[page]', revalidate: 300 },
  blogPost: { route: 'blog/[blog]', revalidate: 300, except: new Set(['create']) },
  // last: a path is this only when no row above names it (Next prefers static folders too)
  cityRoot: { route: '[segment]', revalidate: 300, except: APP_ROOTS },
} as const satisfies Record<string, PageKind>;

export type PageKindName = keyof typeof PAGE_KINDS;

type Matcher = { name: PageKindName; pattern: RegExp; except?: ReadonlySet<string> };

const MATCHERS: readonly Matcher[] = Object.entries(PAGE_KINDS).map(([name, kind]: [string, PageKind]) => ({
  name: name as PageKindName,
  pattern: new RegExp(`^/${kind.route.replace(/\[[^\]]+\]/g, '([^/]+)')}$`),
  except: kind.except,
}));

const MARKET_PREFIX = /^\/[a-z]{2}\/[a-z]{2,3}(\/.*)$/;

/** The document kind of a public path (/{country}/{lang}/...), if it is one (the rendered page must still say so). */
export function pageKindOf(pathname: string): PageKindName | undefined {
  const rest = MARKET_PREFIX.exec(pathname)?.[1];
  if (!rest) return undefined;
  for (const { name, pattern, except } of MATCHERS) {
    const match = pattern.exec(rest);
    if (match && !except?.has(match[1])) return name;
  }
  return undefined;
}

/** How long the front door answers a document of this path from memory (ms); 0 when the path is no document. */
export function freshMsOf(pathname: string): number {
  const kind = pageKindOf(pathname);
  return kind ? PAGE_KINDS[kind].revalidate * 1000 : 0;
}
