import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { blogPosts, rateCards, type Business } from '@/lib/db/schema';
import { updateRateCard } from '@/lib/fares/rate-cards';
import { tenantSitemapPages } from '@/lib/seo/sitemap-pages';
import type { Db } from '@/lib/db/client';
import { createBusiness } from '@/lib/tenancy/commands';
import { DEMO_CITIES } from '@/lib/tenancy/demo';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { languagesForCountry } from '@/lib/i18n/markets';
import { callApi } from '../../api';
import { closeTestDb, openTestDb } from '../../db';
import { pinLocalHosts } from './local-hosts';

const robotsRoute = callApi;
const indexRoute = callApi;
const fileRoute = callApi;
const manifestRoute = callApi;

const DEMO_HOST = 'localhost:3000';
const ACME_HOST = 'acme.localhost:3000';
const DEMO_ORIGIN = 'http://localhost:3000';
const ACME_ORIGIN = 'http://acme.localhost:3000';

pinLocalHosts();

let db: Db;
let demo: Business;
let acme: Business;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Meridian Cabs', countryCode: 'in', phone: '9876543210', cities: DEMO_CITIES });
  acme = await createBusiness(db, {
    slug: 'acme',
    name: 'Acme Desert Rides',
    countryCode: 'ae',
    phone: '501234567',
    cities: [
      { name: 'Dubai', lat: 25.2048, lng: 55.2708 },
      { name: 'Abu Dhabi', lat: 24.4539, lng: 54.3773 },
    ],
  });
  await db.insert(blogPosts).values([
    {
      businessId: demo.id,
      slug: 'airport-transfer-guide',
      title: 'Airport guide',
      description: '<p>x</p>',
      keywords: 'airport',
      image: '/x.png',
      language: 'ta',
    },
    { businessId: acme.id, slug: 'desert-safari-rides', title: 'Desert rides', description: '<p>x</p>', keywords: 'dubai', image: '/x.png', language: 'en' },
  ]);
});
afterAll(closeTestDb);

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function fetchText(handler: Handler, host: string, path: string, params: Record<string, string> = {}) {
  const res = await handler(new NextRequest(`http://${host}${path}`, { headers: { host } }), { params: Promise.resolve(params) });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const hrefs = (xml: string) => [...xml.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

async function sitemapOf(host: string) {
  const index = await fetchText(indexRoute as Handler, host, '/sitemap.xml');
  const files = locs(index.text);
  const bodies = await Promise.all(files.map((file) => fetchText(fileRoute as Handler, host, new URL(file).pathname, { file: file.split('/').pop()! })));
  return { index, files, bodies, urls: bodies.flatMap((b) => locs(b.text)), alternates: bodies.flatMap((b) => hrefs(b.text)) };
}

describe('per-host robots, sitemaps and manifest', () => {
  it('robots.txt points at the host tenant’s own sitemap index', async () => {
    const demoRobots = await fetchText(robotsRoute as Handler, DEMO_HOST, '/robots.txt');
    const acmeRobots = await fetchText(robotsRoute as Handler, ACME_HOST, '/robots.txt');
    expect(demoRobots.status).toBe(200);
    expect(demoRobots.type).toMatch(/^text\/plain/);
    expect(demoRobots.text).toContain(`Sitemap: ${DEMO_ORIGIN}/sitemap.xml`);
    expect(acmeRobots.text).toContain(`Sitemap: ${ACME_ORIGIN}/sitemap.xml`);
    expect(acmeRobots.text).not.toContain(DEMO_ORIGIN + '/');
  });

  it('answers 404 on a host no tenant owns', async () => {
    expect((await fetchText(robotsRoute as Handler, 'nobody.localhost:3000', '/robots.txt')).status).toBe(404);
    expect((await fetchText(indexRoute as Handler, 'nobody.localhost:3000', '/sitemap.xml')).status).toBe(404);
  });

  it('the demo sitemap covers home, places, every place, airport, transfer and locality page, routes and posts, on its own origin only', async () => {
    const { urls, alternates, files } = await sitemapOf(DEMO_HOST);
    expect(files).toEqual([`${DEMO_ORIGIN}/sitemap/0.xml`]);
    for (const url of [...urls, ...alternates, ...files]) expect(url.startsWith(`${DEMO_ORIGIN}/`)).toBe(true);
    expect(urls.some((u) => u.includes('acme') || u.includes('dubai'))).toBe(false);
    const langs = languagesForCountry('in');
    for (const lang of langs) {
      expect(urls).toContain(`${DEMO_ORIGIN}/in/${lang}/user/home`);
      expect(urls).toContain(`${DEMO_ORIGIN}/in/${lang}/service/places`);
      expect(urls).toContain(`${DEMO_ORIGIN}/in/${lang}/place/chennai`);
      expect(urls).toContain(`${DEMO_ORIGIN}/in/${lang}/airport/maa`);
      expect(urls).toContain(`${DEMO_ORIGIN}/in/${lang}/airport/maa/t-nagar`);
      expect(urls).toContain(`${DEMO_ORIGIN}/in/${lang}/place/chennai/velachery`);
      expect(urls).toContain(`${DEMO_ORIGIN}/in/${lang}/taxi/chennai-to-pondicherry`);
    }
    // one page per purpose: the trip-type and city families lead to the place page and are not listed
    expect(
      urls.filter((u) => /\/place\/[^/]+\/(?:local-taxi|airport-taxi|outstation-taxi|car-rental)$|\/city\/|\/taxi\/[a-z-]+$/.test(u) && !u.includes('-to-')),
    ).toEqual([]);
    expect(urls).toContain(`${DEMO_ORIGIN}/in/ta/blog/airport-transfer-guide`);
    expect(urls).not.toContain(`${DEMO_ORIGIN}/in/en/blog/airport-transfer-guide`);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('the acme sitemap lists acme’s pages in its UAE languages and nothing of the demo operator', async () => {
    const { urls, alternates } = await sitemapOf(ACME_HOST);
    for (const url of [...urls, ...alternates]) expect(url.startsWith(`${ACME_ORIGIN}/`)).toBe(true);
    expect(urls).toContain(`${ACME_ORIGIN}/ae/ar/place/abu-dhabi`);
    expect(urls).toContain(`${ACME_ORIGIN}/ae/en/taxi/dubai-to-abu-dhabi`);
    expect(urls).toContain(`${ACME_ORIGIN}/ae/en/blog/desert-safari-rides`);
    expect(urls.some((u) => /chennai|\/in\/|airport-transfer-guide/.test(u))).toBe(false);
    expect(alternates).toContain(`${ACME_ORIGIN}/place/dubai`);
  });

  it('gives every URL a lastmod: a post its update, the other pages the last fare change', async () => {
    const before = await tenantSitemapPages(db, demo);
    expect(before.every((page) => page.lastModified instanceof Date)).toBe(true);
    const [card] = await db.select().from(rateCards).where(eq(rateCards.businessId, demo.id)).limit(1);
    const { id: _id, businessId: _business, vehicleType, updatedAt: _at, ...values } = card;
    const changed = await updateRateCard(db, demo.id, vehicleType, { ...values, perKm: values.perKm + 100 });
    const after = await tenantSitemapPages(db, demo);
    const place = after.find((page) => page.href === '/place/chennai')!;
    expect(place.lastModified).toEqual(changed!.updatedAt);
    const post = after.find((page) => page.href === '/blog/airport-transfer-guide')!;
    const [stored] = await db.select().from(blogPosts).where(eq(blogPosts.slug, 'airport-transfer-guide'));
    expect(post.lastModified).toEqual(stored.updatedAt);
    const { text } = await fetchText(fileRoute as Handler, DEMO_HOST, '/sitemap/0.xml', { file: '0.xml' });
    expect(text.match(/<url>/g)!.length).toBe(text.match(/<lastmod>/g)!.length);
    expect(text).toContain(`<lastmod>${changed!.updatedAt.toISOString()}</lastmod>`);
    const index = await fetchText(indexRoute as Handler, DEMO_HOST, '/sitemap.xml');
    expect(index.text).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('a child file past the last answers 404', async () => {
    expect((await fetchText(fileRoute as Handler, DEMO_HOST, '/sitemap/1.xml', { file: '1.xml' })).status).toBe(404);
    expect((await fetchText(fileRoute as Handler, DEMO_HOST, '/sitemap/abc', { file: 'abc' })).status).toBe(404);
  });

  it('the manifest carries the host operator’s name and icons', async () => {
    const demoManifest = JSON.parse((await fetchText(manifestRoute as Handler, DEMO_HOST, '/manifest.webmanifest')).text);
    const acmeManifest = JSON.parse((await fetchText(manifestRoute as Handler, ACME_HOST, '/manifest.webmanifest')).text);
    expect(demoManifest).toMatchObject({ name: 'Meridian Cabs', start_url: '/in/en/user/home', display: 'standalone' });
    expect(acmeManifest).toMatchObject({ name: 'Acme Desert Rides', start_url: '/ae/en/user/home' });
    expect(acmeManifest.icons.length).toBeGreaterThan(0);
  });
});
