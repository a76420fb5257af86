import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { disconnectNextCache } from '@/lib/page-cache/next-cache';
import { viaRouter } from '../../api';
import { users, type Business } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { resetEnvForTests } from '@/lib/env';
import { listBlogSlugs, listPosts, newestPosts, postBySlug } from '@/lib/blog/queries';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { callJson, callUpload, HOST_A, HOST_B, LONG_TEXT, picture } from './fixtures';
import { recordNextRefreshes } from '../../next-refreshes';

/*
 * Editing and deleting posts from the console (docs/requirements/partner.md#writing-the-blog):
 * PUT and DELETE /api/blog/{slug}, the operator's own posts only, checked as a new post is,
 * the operator's pages refreshed before the answer.
 */

const route = viaRouter;

/** What Next's refresh handler was asked (a stand-in for Next, reached the way server.ts wires it). */
const { asked: refreshes, connected: nextCache } = recordNextRefreshes();

let db: Db;
let demo: Business;
let acme: Business;
let partner: string;
let acmePartner: string;
let rider: string;
let cover: { image: string; imageWebp: string };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-edit-'));

beforeAll(async () => {
  await nextCache;
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', cities: [{ name: 'Chennai', lat: 13.08, lng: 80.27 }] });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  const session = async (business: Business, role: 'travelsx-partner' | 'travelsx-user', email: string) => {
    const [user] = await db.insert(users).values({ businessId: business.id, role, email }).returning();
    return `__Host-session=${await createSession(db, { id: user.id, businessId: business.id })}`;
  };
  partner = await session(demo, 'travelsx-partner', 'ops@demo.example');
  acmePartner = await session(acme, 'travelsx-partner', 'ops@acme.example');
  rider = await session(demo, 'travelsx-user', 'asha@demo.example');
  cover = (await callUpload(route.POST, await picture('png'), { cookie: partner })).json.data;
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
const create = (body: unknown, { cookie = partner, host = HOST_A } = {}) => callJson(route.POST, 'POST', '/api/blog', { body, cookie, host });
const update = (slug: string, body: unknown, { cookie = partner, host = HOST_A } = {}) =>
  callJson(route.PUT, 'PUT', `/api/blog/${slug}`, { body, cookie, host });
const remove = (slug: string, { cookie = partner, host = HOST_A } = {}) => callJson(route.DELETE, 'DELETE', `/api/blog/${slug}`, { cookie, host });
const tenantTags = () => refreshes.flatMap((r) => r.tags);

describe('updating a post', () => {
  beforeAll(async () => {
    expect((await create(post())).status).toBe(201);
    expect((await create(post({ slug: 'night-rides', title: 'Night rides' }))).status).toBe(201);
  });

  it("saves the new values, keeps the post's language and has refreshed the operator's pages by the time it answers", async () => {
    refreshes.length = 0;
    const before = await postBySlug(db, demo.id, 'airport-transfers');
    const { status, json } = await update('airport-transfers', post({ title: 'Airport transfers, updated', keywords: 'airport, updated' }));
    expect(status).toBe(200);
    expect(json).toMatchObject({
      success: true,
      message: 'Blog updated successfully!',
      data: { slug: 'airport-transfers', title: 'Airport transfers, updated', language: 'en' },
    });
    const after = await postBySlug(db, demo.id, 'airport-transfers');
    expect(after).toMatchObject({
      id: before!.id,
      title: 'Airport transfers, updated',
      keywords: 'airport, updated',
      language: 'en',
      createdAt: before!.createdAt,
    });
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
    expect(tenantTags()).toContain('tenant:demo');
    expect((await listPosts(db, demo.id, { language: 'en' })).posts.map((p) => p.title)).toContain('Airport transfers, updated');
  });

  it('moves the post to a new slug: the old one is gone, a slug another post holds is a 409 naming the slug', async () => {
    expect((await update('night-rides', post({ slug: 'airport-transfers', title: 'Night rides' }))).json.error).toMatchObject({
      field: 'slug',
      key: 'slugTaken',
    });
    const moved = await update('night-rides', post({ slug: 'late-night-rides', title: 'Night rides' }));
    expect(moved.status).toBe(200);
    expect(moved.json.data.slug).toBe('late-night-rides');
    expect(await postBySlug(db, demo.id, 'night-rides')).toBeUndefined();
    expect((await listBlogSlugs(db, demo.id)).map((s) => s.slug)).toEqual(['airport-transfers', 'late-night-rides']);
  });

  it.each([
    ['a blank title', { title: ' ' }, 'title', 'title: Enter a title.'],
    ['a slug with capitals', { slug: 'Airport Tips' }, 'slug', 'slug: Use lower-case letters, digits and single hyphens only.'],
    ['a short description', { description: '<p>Too short.</p>' }, 'description', 'description: The description needs at least 100 characters of text.'],
    ['no keywords', { keywords: '' }, 'keywords', 'keywords: Enter keywords.'],
    ['no image', { image: undefined }, 'image', 'image: Add an image.'],
    ['a language the market lacks', { language: 'ar' }, 'language', 'language: This language is not offered here.'],
  ])('refuses %s with a 400 naming the field (the create schema), changing nothing', async (_, change: Record<string, unknown>, field, message) => {
    refreshes.length = 0;
    const before = await postBySlug(db, demo.id, 'airport-transfers');
    const { status, json } = await update('airport-transfers', JSON.parse(JSON.stringify(post({ title: 'Refused', ...change }))));
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ field, message });
    expect(await postBySlug(db, demo.id, 'airport-transfers')).toEqual(before);
    expect(refreshes).toEqual([]);
  });

  it("answers 404 for a post the operator does not have, another operator's included, and lets only its partners write", async () => {
    expect((await create(post({ slug: 'acme-only', ...(await acmeCover()) }), { cookie: acmePartner, host: HOST_B })).status).toBe(201);
    const foreign = await update('acme-only', post({ slug: 'acme-only', title: 'Taken over' }));
    expect(foreign.status).toBe(404);
    expect((await update('no-such-post', post({ slug: 'no-such-post' }))).status).toBe(404);
    expect((await postBySlug(db, acme.id, 'acme-only'))?.title).toBe('Airport transfers in Chennai');
    // demo's post named from acme's host, with acme's session: acme has no such post
    expect((await update('airport-transfers', post({ ...(await acmeCover()) }), { cookie: acmePartner, host: HOST_B })).status).toBe(404);
    expect((await update('airport-transfers', post(), { cookie: rider })).status).toBe(403);
    expect((await update('airport-transfers', post(), { cookie: acmePartner })).status).toBe(401);
    expect((await update('airport-transfers', post(), { cookie: '' })).status).toBe(401);
  });
});

async function acmeCover() {
  const upload = await callUpload(route.POST, await picture('jpeg'), { cookie: acmePartner, host: HOST_B });
  return upload.json.data as { image: string; imageWebp: string };
}

describe('deleting a post', () => {
  it("removes it from the lists, the home's cards and the sitemap's slugs, refreshing the operator's pages before it answers", async () => {
    expect((await create(post({ slug: 'short-lived', title: 'Short lived' }))).status).toBe(201);
    refreshes.length = 0;
    const { status, json } = await remove('short-lived');
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, message: 'Post deleted.' });
    expect(tenantTags()).toContain('tenant:demo');
    expect(await postBySlug(db, demo.id, 'short-lived')).toBeUndefined();
    expect((await listPosts(db, demo.id, { size: 100 })).posts.map((p) => p.slug)).not.toContain('short-lived');
    expect((await newestPosts(db, demo.id, 'en', 100)).map((p) => p.slug)).not.toContain('short-lived');
    expect((await listBlogSlugs(db, demo.id)).map((s) => s.slug)).not.toContain('short-lived');
    expect((await callJson(route.GET, 'GET', '/api/blog/short-lived')).status).toBe(404);
    expect((await remove('short-lived')).status).toBe(404);
  });

  it("answers 404 for another operator's post and leaves it, and refuses riders and strangers", async () => {
    refreshes.length = 0;
    expect((await remove('acme-only')).status).toBe(404);
    expect(await postBySlug(db, acme.id, 'acme-only')).toBeDefined();
    expect((await remove('airport-transfers', { cookie: acmePartner, host: HOST_B })).status).toBe(404);
    expect((await remove('airport-transfers', { cookie: rider })).status).toBe(403);
    expect((await remove('airport-transfers', { cookie: '' })).status).toBe(401);
    expect(await postBySlug(db, demo.id, 'airport-transfers')).toBeDefined();
    expect(refreshes).toEqual([]);
  });
});
