import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { disconnectNextCache } from '@/lib/page-cache/next-cache';
import { viaRouter } from '../../api';
import { blogPosts, users, type Business } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { resetEnvForTests } from '@/lib/env';
import { listBlogSlugs, listPosts, postBySlug } from '@/lib/blog/queries';
import { renderBlogHtml } from '@/lib/blog/sanitize';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { activeParts, callJson, callUpload, HOST_A, HOST_B, LONG_TEXT, picture, XSS_PAYLOADS } from './fixtures';
import { recordNextRefreshes } from '../../next-refreshes';

const blogRoute = viaRouter;
const postRoute = viaRouter;
const imagesRoute = viaRouter;

/** What Next's refresh handler was asked (a stand-in for Next, reached the way server.ts wires it). */
const { asked: refreshes, connected: nextCache } = recordNextRefreshes();

let db: Db;
let demo: Business;
let acme: Business;
let partner: string;
let delivery: string;
let acmePartner: string;
let rider: string;
let cover: { image: string; imageWebp: string };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-api-'));

beforeAll(async () => {
  await nextCache;
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', cities: [{ name: 'Chennai', lat: 13.08, lng: 80.27 }] });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  const session = async (business: Business, role: 'travelsx-partner' | 'deliverx-partner' | 'travelsx-user', email: string) => {
    const [user] = await db.insert(users).values({ businessId: business.id, role, email }).returning();
    return `__Host-session=${await createSession(db, { id: user.id, businessId: business.id })}`;
  };
  partner = await session(demo, 'travelsx-partner', 'ops@demo.example');
  delivery = await session(demo, 'deliverx-partner', 'deliver@demo.example');
  acmePartner = await session(acme, 'travelsx-partner', 'ops@acme.example');
  rider = await session(demo, 'travelsx-user', 'asha@demo.example');
  const upload = await callUpload(imagesRoute.POST, await picture('png'), { cookie: partner });
  cover = upload.json.data;
});
afterAll(async () => {
  await disconnectNextCache();
  await closeTestDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
  resetEnvForTests();
});

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Airport transfers in Chennai',
  slug: 'airport-transfers',
  keywords: 'airport, chennai',
  description: LONG_TEXT,
  image: cover.image,
  imageWebp: cover.imageWebp,
  ...over,
});
const create = (body: unknown, { cookie = partner, host = HOST_A } = {}) => callJson(blogRoute.POST, 'POST', '/api/blog', { body, cookie, host });

describe('creating a post', () => {
  it("publishes, answers the spec message and has refreshed the operator's pages by the time it answers", async () => {
    refreshes.length = 0;
    const { status, json } = await create(post());
    expect(status).toBe(201);
    expect(json).toMatchObject({
      success: true,
      message: 'Blog created successfully!',
      data: { slug: 'airport-transfers', language: 'en', image: cover.image, imageWebp: cover.imageWebp },
    });
    const stored = await postBySlug(db, demo.id, 'airport-transfers');
    expect(stored).toMatchObject({ title: 'Airport transfers in Chennai', keywords: 'airport, chennai', description: LONG_TEXT, tags: null });
    expect(refreshes.flatMap((r) => r.tags)).toContain('tenant:demo');
  });

  it.each([
    ['a blank title', { title: ' ' }, 'title', 'title: Enter a title.'],
    ['a slug with capitals', { slug: 'Airport Tips' }, 'slug', 'slug: Use lower-case letters, digits and single hyphens only.'],
    ['short description', { description: '<p>Too short.</p>' }, 'description', 'description: The description needs at least 100 characters of text.'],
    ['no keywords', { keywords: '' }, 'keywords', 'keywords: Enter keywords.'],
    ['no image', { image: undefined }, 'image', 'image: Add an image.'],
    ['a javascript: image', { image: 'javascript:window.__xss=1' }, 'image', 'image: Use an image uploaded here or an https address.'],
    [
      'an upload that does not exist',
      { image: '/api/uploads/demo/blog/00000000-0000-4000-8000-000000000000.jpg' },
      'image',
      'image: Use an image uploaded here or an https address.',
    ],
    [
      'a description that is only long once its script is removed',
      { description: `<p>Short.</p><script>${'x'.repeat(200)}</script><p>${'y'.repeat(60)}</p>` },
      'description',
      'description: The description needs at least 100 characters of text.',
    ],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_, change: Record<string, unknown>, field, message) => {
    const before = (await listBlogSlugs(db, demo.id)).length;
    const body = JSON.parse(JSON.stringify(post({ slug: 'refused-post', ...change })));
    const { status, json } = await create(body);
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ field, message });
    expect((await listBlogSlugs(db, demo.id)).length).toBe(before);
  });

  it('keeps slugs unique per operator: 409 naming the slug here, the same slug is fine for another operator', async () => {
    await create(post({ slug: 'travel-tips' }));
    const again = await create(post({ slug: 'travel-tips', title: 'Another' }));
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ field: 'slug', key: 'slugTaken', message: 'slug: A post with this slug already exists.' });

    const acmeUpload = await callUpload(imagesRoute.POST, await picture('jpeg'), { cookie: acmePartner, host: HOST_B });
    expect(acmeUpload.status).toBe(201);
    const borrowed = await create(post({ slug: 'borrowed-cover', ...acmeUpload.json.data }));
    expect(borrowed.status).toBe(400);
    expect(borrowed.json.error).toMatchObject({ field: 'image', key: 'imageInvalid' });
    const elsewhere = await create(post({ slug: 'travel-tips', ...acmeUpload.json.data }), { cookie: acmePartner, host: HOST_B });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.json.data.language).toBe('en');
    expect((await postBySlug(db, acme.id, 'travel-tips'))?.businessId).toBe(acme.id);
  });

  it("lets only this operator's partners write: a rider gets 403, another operator's partner and strangers 401", async () => {
    expect((await create(post({ slug: 'by-rider' }), { cookie: rider })).status).toBe(403);
    expect((await create(post({ slug: 'by-acme' }), { cookie: acmePartner })).status).toBe(401);
    expect((await create(post({ slug: 'by-nobody' }), { cookie: '' })).status).toBe(401);
    expect(await postBySlug(db, demo.id, 'by-acme')).toBeUndefined();
    const byDelivery = await create(post({ slug: 'by-delivery' }), { cookie: delivery });
    expect(byDelivery.status).toBe(201);
  });

  it('refuses a cross-site post', async () => {
    const req = new (await import('next/server')).NextRequest(`http://${HOST_A}/api/blog`, {
      method: 'POST',
      body: JSON.stringify(post({ slug: 'cross-site' })),
      headers: { host: HOST_A, origin: 'http://evil.example', 'content-type': 'application/json', cookie: partner },
    });
    expect((await blogRoute.POST(req, { params: Promise.resolve({}) })).status).toBe(403);
  });
});

describe('XSS payloads in every field', () => {
  const payload = XSS_PAYLOADS.join('\n');

  it('stores the description sanitised, keeps text fields as text, and renders inert', async () => {
    const { status } = await create(
      post({
        slug: 'xss-everywhere',
        title: `<script>window.__xss=1</script><img src=x onerror=window.__xss=1> Title`,
        keywords: `"><svg onload=window.__xss=1>, chennai`,
        tags: '<iframe src=javascript:window.__xss=1>',
        description: `${LONG_TEXT}${payload}`,
      }),
    );
    expect(status).toBe(201);
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, 'xss-everywhere'));
    expect(activeParts(row.description)).toEqual([]);
    expect(row.description).not.toMatch(/<script|onerror|onload|javascript:/i);
    expect(row.title).toBe('<script>window.__xss=1</script><img src=x onerror=window.__xss=1> Title');

    const read = await callJson(postRoute.GET, 'GET', '/api/blog/xss-everywhere', { params: { slug: 'xss-everywhere' } });
    expect(read.status).toBe(200);
    expect(activeParts(read.json.data.description)).toEqual([]);
  });

  it('sanitises again on render even when a row was written around the checks', async () => {
    // PostgreSQL refuses NUL in text, so the raw row carries every payload but that byte.
    await db.insert(blogPosts).values({
      businessId: demo.id,
      slug: 'raw-row',
      title: 'Raw',
      description: `${LONG_TEXT}${payload.replace(/\u0000/g, '')}`,
      keywords: 'k',
      image: cover.image,
    });
    const raw = await postBySlug(db, demo.id, 'raw-row');
    expect(activeParts(renderBlogHtml(raw!.description))).toEqual([]);
    const read = await callJson(postRoute.GET, 'GET', '/api/blog/raw-row', { params: { slug: 'raw-row' } });
    expect(activeParts(read.json.data.description)).toEqual([]);
  });
});

describe('reading posts', () => {
  it("pages the operator's posts newest first and never shows another operator's", async () => {
    const first = await listPosts(db, demo.id, { size: 2, language: 'en' });
    const all = await listPosts(db, demo.id, { size: 100, language: 'en' });
    expect(first.posts).toHaveLength(2);
    expect(first.pages).toBe(Math.ceil(all.total / 2));
    expect(first.posts[0].createdAt.getTime()).toBeGreaterThanOrEqual(first.posts[1].createdAt.getTime());
    expect(all.posts.every((p) => p.excerpt.length <= 180)).toBe(true);
    expect(all.posts.map((p) => p.slug)).not.toContain('by-acme');
    const api = await callJson(blogRoute.GET, 'GET', '/api/blog?page=0&size=2&language=en');
    expect(api.json).toMatchObject({ success: true, total: all.total, pages: first.pages });
    expect((await callJson(blogRoute.GET, 'GET', '/api/blog?page=-1')).status).toBe(400);
    expect((await listPosts(db, acme.id)).posts.map((p) => p.slug)).toEqual(['travel-tips']);
  });

  it('lists slugs for sitemaps with language and last change', async () => {
    const slugs = await listBlogSlugs(db, demo.id);
    expect(slugs).toContainEqual({ slug: 'airport-transfers', language: 'en', updatedAt: expect.any(Date) });
    expect(slugs.map((s) => s.slug)).not.toContain('by-acme');
  });

  it('answers an unknown or foreign slug with 404', async () => {
    expect((await callJson(postRoute.GET, 'GET', '/api/blog/nope', { params: { slug: 'nope' } })).status).toBe(404);
    expect((await callJson(postRoute.GET, 'GET', '/api/blog/airport-transfers', { params: { slug: 'airport-transfers' }, host: HOST_B })).status).toBe(404);
  });
});
