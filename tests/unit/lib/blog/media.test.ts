/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import robotsParser from 'robots-parser';
import { blogPosts } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { resetEnvForTests } from '@/lib/env';
import { storeBlogImage, uploadedImageSize, uploadResponse } from '@/lib/blog/images';
import { listPosts, postBySlug } from '@/lib/blog/queries';
import { blogPostJsonLd, blogPostMetadata } from '@/lib/seo/blog-seo';
import { siteOrigin } from '@/lib/seo/origin';
import { robotsTxt } from '@/lib/seo/robots';
import { createBusiness } from '@/lib/tenancy/commands';
import { findTenantBySlug, type Tenant } from '@/lib/tenancy/queries';
import { closeTestDb, openTestDb } from '../../db';
import { LONG_TEXT, picture } from './fixtures';

let db: Db;
let tenant: Tenant;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-media-'));

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  db = await openTestDb();
  await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  tenant = (await findTenantBySlug('demo', db))!;
});
afterAll(async () => {
  await closeTestDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
  resetEnvForTests();
});

const CRAWLERS = ['Googlebot', 'Googlebot-Image', 'Bingbot', 'Twitterbot', 'facebookexternalhit'];

/** Every image address a post's page references: cover and its WebP, og:image, twitter:image, BlogPosting.image, the list's cover. */
async function imageUrlsOfPost(slug: string): Promise<string[]> {
  const origin = siteOrigin(tenant);
  const market = { country: 'in', lang: 'en' } as const;
  const post = (await postBySlug(db, tenant.id, slug))!;
  const meta = blogPostMetadata(tenant, market, post, 'Cover');
  const graph = blogPostJsonLd(tenant, market, post, { home: 'Home', blog: 'Blog' })['@graph'];
  const listed = (await listPosts(db, tenant.id, { language: 'en' })).posts.find((p) => p.slug === slug)!;
  const og = (meta.openGraph?.images as { url: string }[]).map((i) => i.url);
  const twitter = meta.twitter?.images as string[];
  const ld = graph.flatMap((node) => (Array.isArray(node.image) ? (node.image as string[]) : []));
  const onPage = [post.image, post.imageWebp!, listed.image, listed.imageWebp!].map((p) => new URL(p, origin).href);
  return [...og, ...twitter, ...ld, ...onPage];
}

describe('uploaded images where crawlers may fetch them', () => {
  it('stores new uploads under /media/{tenant}/ and serves them with their type and immutable caching', async () => {
    const stored = await storeBlogImage('demo', await picture('png', 64, 48));
    expect(stored.image).toMatch(/^\/media\/demo\/blog\/[0-9a-f-]{36}\.jpg$/);
    expect(stored.imageWebp).toMatch(/^\/media\/demo\/blog\/[0-9a-f-]{36}\.webp$/);
    const response = (await uploadResponse('demo', stored.imageWebp.split('/').slice(2)))!;
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await uploadResponse('acme', stored.imageWebp.split('/').slice(2))).toBeUndefined();
    expect(await uploadedImageSize('demo', stored.image)).toEqual({ width: 64, height: 48 });
    expect(await uploadedImageSize('demo', 'https://images.example/a.jpg')).toBeUndefined();
  });

  it.each([
    ['uploaded now', (p: string) => p],
    ['stored before, under /api/uploads/', (p: string) => p.replace('/media/', '/api/uploads/')],
  ])('every image URL a post (%s) references is allowed by robots.txt', async (label, stored) => {
    const cover = await storeBlogImage('demo', await picture('jpeg', 64, 48));
    const slug = label.startsWith('uploaded') ? 'new-cover' : 'old-cover';
    await db.insert(blogPosts).values({
      businessId: tenant.id,
      slug,
      title: 'Cover',
      description: LONG_TEXT,
      keywords: 'k',
      image: stored(cover.image),
      imageWebp: stored(cover.imageWebp),
      language: 'en',
    });
    const origin = siteOrigin(tenant);
    const robots = robotsParser(`${origin}/robots.txt`, robotsTxt(origin));
    const urls = await imageUrlsOfPost(slug);
    expect(urls.length).toBeGreaterThanOrEqual(8);
    for (const url of urls) {
      expect(url).toMatch(new RegExp(`^${origin}/media/demo/blog/`));
      for (const agent of CRAWLERS) expect([url, agent, robots.isAllowed(url, agent)]).toEqual([url, agent, true]);
    }
    expect(robots.isAllowed(`${origin}/api/blog`, 'Googlebot')).toBe(false);
  });
});
