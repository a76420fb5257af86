import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { viaRouter } from '../../api';
import { users, type Business } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { resetEnvForTests } from '@/lib/env';
import { sniffImage } from '@/lib/media/uploads';
import { IMAGE_MAX_BYTES } from '@/lib/blog/schemas';
import { closeTestDb, openTestDb } from '../../db';
import { callUpload, HOST_A, HOST_B, picture } from './fixtures';

const imagesRoute = viaRouter;
const mediaRoute = viaRouter;

let demo: Business;
let acme: Business;
let partner: string;
let acmePartner: string;
let rider: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-images-'));
const upload = (bytes: Uint8Array, options: Parameters<typeof callUpload>[2] = {}) => callUpload(imagesRoute.POST, bytes, { cookie: partner, ...options });
const storedFiles = () =>
  fs.existsSync(path.join(dataDir, 'uploads'))
    ? fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).filter((f) => /\.(webp|jpg|png)$/.test(String(f))).length
    : 0;

async function serve(segments: string[], host = HOST_A) {
  const req = new NextRequest(`http://${host}/media/${segments.join('/')}`, { headers: { host } });
  const res = await mediaRoute.GET(req, { params: Promise.resolve({ path: segments }) });
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  const db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'in' });
  const session = async (business: Business, role: 'travelsx-partner' | 'travelsx-user', email: string) => {
    const [user] = await db.insert(users).values({ businessId: business.id, role, email }).returning();
    return `__Host-session=${await createSession(db, { id: user.id, businessId: business.id })}`;
  };
  partner = await session(demo, 'travelsx-partner', 'ops@demo.example');
  acmePartner = await session(acme, 'travelsx-partner', 'ops@acme.example');
  rider = await session(demo, 'travelsx-user', 'rider@demo.example');
});
afterAll(async () => {
  await closeTestDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
  resetEnvForTests();
});

describe('cover uploads', () => {
  it.each([
    ['png', 'image/png', 'jpg'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['webp', 'image/webp', 'jpg'],
  ] as const)("re-encodes a %s (%s) to WebP plus a %s fallback under the tenant's folder", async (format, type, fallback) => {
    const { status, json } = await upload(await picture(format, 2400, 1200), { type });
    expect(status).toBe(201);
    expect(json.data.image).toMatch(new RegExp(`^/media/demo/blog/[0-9a-f-]{36}\\.${fallback}$`));
    expect(json.data.imageWebp).toBe(json.data.image.replace(/\.\w+$/, '.webp'));
    const webp = await serve(json.data.imageWebp.split('/').slice(2));
    expect(webp).toMatchObject({ status: 200, type: 'image/webp', cache: 'public, max-age=31536000, immutable' });
    const meta = await sharp(webp.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const original = await serve(json.data.image.split('/').slice(2));
    expect(original).toMatchObject({ status: 200, type: 'image/jpeg' });
  });

  it('keeps transparency in a PNG fallback', async () => {
    const { json } = await upload(await picture('png', 20, 20, true));
    expect(json.data.image).toMatch(/\.png$/);
  });

  it('refuses a file over 5 MB with 413 and a message, storing nothing', async () => {
    const before = storedFiles();
    const big = Buffer.concat([await picture('png'), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const { status, json } = await upload(big);
    expect(status).toBe(413);
    expect(json.error).toMatchObject({ field: 'image', key: 'imageTooLarge', message: 'image: The image is larger than 5 MB.' });
    expect(storedFiles()).toBe(before);
  });

  it.each([
    [
      'an SVG named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=1</script></svg>'),
      415,
      'imageType',
    ],
    ['HTML named .png', Buffer.from('<!doctype html><script>window.__xss=1</script>'), 415, 'imageType'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 415, 'imageType'],
    [
      'a PNG signature followed by garbage',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>window.__xss=1</script>'.repeat(20))]),
      400,
      'imageMalformed',
    ],
    ['a JPEG header on PNG content', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 1)]), 400, 'imageMalformed'],
    ['an empty file', Buffer.alloc(0), 400, 'imageMissing'],
  ])('refuses %s with a message, storing nothing', async (_, bytes, status, key) => {
    const before = storedFiles();
    const result = await upload(bytes);
    expect(result.status).toBe(status);
    expect(result.json.error).toMatchObject({ field: 'image', key });
    expect(result.json.error.message).toMatch(/^image: /);
    expect(storedFiles()).toBe(before);
  });

  it('recognises formats by their magic bytes only', async () => {
    expect(sniffImage(await picture('png'))).toBe('png');
    expect(sniffImage(await picture('jpeg'))).toBe('jpeg');
    expect(sniffImage(await picture('webp'))).toBe('webp');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeUndefined();
  });

  it("lets only this operator's partners upload", async () => {
    const png = await picture('png');
    expect((await upload(png, { cookie: rider })).status).toBe(403);
    expect((await upload(png, { cookie: '' })).status).toBe(401);
    expect((await upload(png, { cookie: acmePartner })).status).toBe(401);
    expect((await upload(png, { cookie: acmePartner, host: HOST_B })).status).toBe(201);
  });
});

describe('serving uploads', () => {
  it("serves a file only on its own operator's host and never outside the uploads folder", async () => {
    const { json } = await upload(await picture('png'));
    const segments: string[] = json.data.imageWebp.split('/').slice(2);
    expect((await serve(segments)).status).toBe(200);
    expect((await serve(segments, HOST_B)).status).toBe(404);
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'secret');
    for (const attempt of [
      ['..', 'secret.txt'],
      ['demo', '..', '..', 'secret.txt'],
      ['demo', 'blog', '..%2f..%2f..%2fsecret.txt'],
      ['demo', 'blog', '../../../secret.txt'],
      ['demo', 'blog', segments[2].replace('.webp', '.txt')],
      ['demo', 'blog', `${segments[2]}/..`],
      ['demo', 'other', segments[2]],
      ['acme', 'blog', segments[2]],
      ['..', '..', 'etc', 'passwd'],
    ]) {
      const result = await serve(attempt);
      expect([attempt, result.status]).toEqual([attempt, 404]);
    }
  });
});
