import { blogPosts, type Business } from '@/lib/db/schema';
import { HOME_POST_COUNT, newestPosts } from '@/lib/blog/queries';
import { createBusiness } from '@/lib/tenancy/commands';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

let db: Db;
let demo: Business;
let acme: Business;

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));
const post = (business: Business, slug: string, language: string, created: Date) => ({
  businessId: business.id,
  slug,
  title: `Post ${slug}`,
  description: '<p>About the city.</p>',
  keywords: 'city',
  image: `/uploads/${business.slug}/blog/${slug}.jpg`,
  language,
  createdAt: created,
  updatedAt: created,
});

beforeAll(async () => {
  db = await openTestDb();
  demo = await createBusiness(db, { slug: 'home-posts-demo', name: 'Demo Cabs', countryCode: 'in' });
  acme = await createBusiness(db, { slug: 'home-posts-acme', name: 'Acme Travels', countryCode: 'ae' });
  await db
    .insert(blogPosts)
    .values([
      post(demo, 'one', 'en', day(1)),
      post(demo, 'two', 'en', day(2)),
      post(demo, 'three', 'en', day(3)),
      post(demo, 'four', 'en', day(4)),
      post(demo, 'tamil-new', 'ta', day(5)),
      post(acme, 'acme-newest', 'en', day(6)),
    ]);
});
afterAll(closeTestDb);

describe("the rider home's blog cards (docs/requirements/rider.md#the-rider-home-and-its-popups)", () => {
  it("are the operator's three newest posts in the page's language, newest first", async () => {
    expect(HOME_POST_COUNT).toBe(3);
    const posts = await newestPosts(db, demo.id, 'en');
    expect(posts.map((p) => p.slug)).toEqual(['four', 'three', 'two']);
    expect(posts[0]).toMatchObject({ title: 'Post four', language: 'en', image: '/uploads/home-posts-demo/blog/four.jpg' });
    expect(posts[0].createdAt.toISOString()).toBe(day(4).toISOString());
  });

  it('keep to one language and one operator', async () => {
    expect((await newestPosts(db, demo.id, 'ta')).map((p) => p.slug)).toEqual(['tamil-new']);
    expect((await newestPosts(db, acme.id, 'en')).map((p) => p.slug)).toEqual(['acme-newest']);
  });

  it('are none for a language without posts', async () => {
    expect(await newestPosts(db, demo.id, 'ar')).toEqual([]);
    expect(await newestPosts(db, acme.id, 'ta')).toEqual([]);
  });
});
