import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { businesses, serviceAreas, users, type Business, type UserRole } from '@/lib/db/schema';
import { createSession } from '@/lib/auth/session';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { checkBrandColour, contrastRatio } from '@/lib/settings/colour';
import { createBusiness } from '@/lib/tenancy/commands';
import { DEMO_CITIES } from '@/lib/tenancy/demo';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { loadGazetteer, searchCities } from '@/lib/places/gazetteer';
import { callApi } from '../../api';
import { closeTestDb, openTestDb } from '../../db';
import { pinLocalHosts } from '../seo/local-hosts';

/*
 * The business settings API (issue 13 part A): validation naming the field,
 * contrast refusal with the nearest passing shade, logo checks and SVG
 * sanitising, service cities driving the sitemap, the market's languages
 * driving hreflang, and isolation between operators.
 */

const A = 'localhost:3000';
const B = 'acme.localhost:3000';

pinLocalHosts();

let db: Db;
let demo: Business;
let acme: Business;
let dataDir: string;
const cookies: Record<string, string> = {};

async function account(business: Business, role: UserRole, phone: string): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ businessId: business.id, role, name: role, phoneCode: '91', phone, email: role.endsWith('partner') ? `${phone}@ops.example` : null })
    .returning();
  return `__Host-session=${await createSession(db, { id: user.id, businessId: business.id })}`;
}

type Call = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: BodyInit };

async function call(host: string, urlPath: string, { method = 'GET', body, cookie, headers = {}, raw }: Call = {}) {
  const init: RequestInit = {
    method,
    headers: {
      host,
      origin: `http://${host}`,
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (raw !== undefined) init.body = raw;
  const res = await callApi(new Request(`http://${host}${urlPath}`, init));
  const type = res.headers.get('content-type') ?? '';
  const json = type.includes('json') ? await res.json() : undefined;
  const bytes = json === undefined ? Buffer.from(await res.arrayBuffer()) : undefined;
  return { status: res.status, json, bytes, type, headers: res.headers };
}

function multipart(name: string, type: string, bytes: Buffer): { raw: Blob; headers: Record<string, string> } {
  const boundary = 'settings-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { raw: new Blob([new Uint8Array(Buffer.concat([head, bytes, tail]))]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
const row = async (id: number) => (await db.select().from(businesses).where(eq(businesses.id, id)))[0];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-data-'));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Meridian Cabs', countryCode: 'in', phone: '9876543210', cities: DEMO_CITIES });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Cabs', countryCode: 'in', phone: '9876500000' });
  cookies.a = await account(demo, 'travelsx-partner', '9000000001');
  cookies.b = await account(acme, 'travelsx-partner', '9000000002');
  cookies.bRider = await account(acme, 'travelsx-user', '9000000003');
  await loadGazetteer();
}, 60_000);

afterAll(async () => {
  await closeTestDb();
  delete process.env.DATA_DIR;
  resetEnvForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('who may use the settings routes', () => {
  it('answers 401 without a session and 403 to a rider', async () => {
    expect((await call(B, '/api/settings')).status).toBe(401);
    expect((await call(B, '/api/settings', { cookie: cookies.bRider })).status).toBe(403);
    expect((await call(B, '/api/settings/colour', { method: 'PUT', body: { colour: '#123456' }, cookie: cookies.bRider })).status).toBe(403);
  });

  it("another operator's session reads and changes nothing", async () => {
    const before = await row(demo.id);
    // A's partner cookie on B's host: its session is not B's
    expect((await call(B, '/api/settings', { cookie: cookies.a })).status).toBe(401);
    // B's partner on A's host
    for (const [method, url, body] of [
      ['GET', '/api/settings', undefined],
      ['PUT', '/api/settings/profile', { name: 'Hijacked' }],
      ['PUT', '/api/settings/colour', { colour: '#000000' }],
      ['PUT', '/api/settings/cities', { cities: [] }],
      ['PUT', '/api/settings/market', { countryCode: 'ae', currency: 'AED', timeZone: 'Asia/Dubai', languages: ['ar'] }],
      ['DELETE', '/api/settings/logo', undefined],
      ['GET', '/api/settings/checklist', undefined],
    ] as const) {
      expect([method, url, (await call(A, url, { method, body, cookie: cookies.b })).status]).toEqual([method, url, 401]);
    }
    expect(await row(demo.id)).toEqual(before);
    expect((await db.select().from(serviceAreas).where(eq(serviceAreas.businessId, demo.id))).length).toBe(DEMO_CITIES.length);
  });

  it("B's own settings never show A's", async () => {
    const { json } = await call(B, '/api/settings', { cookie: cookies.b });
    expect(json.data.name).toBe('Acme Cabs');
    expect(json.data.cities).toEqual([]);
  });
});

describe('profile', () => {
  it('refuses a bad e-mail, an over-long short name and a bad phone naming the field, and changes nothing', async () => {
    const before = await row(acme.id);
    for (const [body, field] of [
      [{ name: 'Acme', email: 'not-an-email' }, 'email'],
      [{ name: 'Acme', shortName: 'A name far too long' }, 'shortName'],
      [{ name: 'Acme', whatsappPhone: '12ab' }, 'whatsappPhone'],
      [{ name: '' }, 'name'],
    ] as const) {
      const res = await call(B, '/api/settings/profile', { method: 'PUT', body, cookie: cookies.b });
      expect([field, res.status, res.json.error.field]).toEqual([field, 400, field]);
    }
    expect(await row(acme.id)).toEqual(before);
  });

  it('saves name, short name, phones and e-mail', async () => {
    const res = await call(B, '/api/settings/profile', {
      method: 'PUT',
      body: { name: 'Acme Cabs Coimbatore', shortName: 'Acme', phone: '98765 11111', whatsappPhone: '98765 22222', email: 'Desk@Acme.example' },
      cookie: cookies.b,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      name: 'Acme Cabs Coimbatore',
      shortName: 'Acme',
      phone: '9876511111',
      whatsappPhone: '9876522222',
      email: 'desk@acme.example',
    });
    const manifest = await call(B, '/manifest.webmanifest');
    expect(manifest.json).toMatchObject({ name: 'Acme Cabs Coimbatore', short_name: 'Acme' });
  });

  it("refuses another operator's name (compared without case and spaces) with a 409 naming the field, and keeps its own", async () => {
    const before = await row(acme.id);
    for (const name of ['Meridian Cabs', 'meridian  CABS', 'MeridianCabs']) {
      const res = await call(B, '/api/settings/profile', { method: 'PUT', body: { name }, cookie: cookies.b });
      expect([name, res.status, res.json.error.code, res.json.error.field, res.json.error.key]).toEqual([name, 409, 'conflict', 'name', 'nameTaken']);
      expect(res.json.error.message).toBe('name: Another operator already uses this business name. Choose another one.');
    }
    expect(await row(acme.id)).toEqual(before);
    // Its own name in another spelling is still its own.
    const same = await call(B, '/api/settings/profile', { method: 'PUT', body: { name: before.name.toUpperCase() }, cookie: cookies.b });
    expect(same.status).toBe(200);
    expect(same.json.data.name).toBe(before.name.toUpperCase());
  });
});

describe('brand colour', () => {
  it('refuses a colour white text fails on, suggesting the nearest passing shade', async () => {
    const before = await row(acme.id);
    const res = await call(B, '/api/settings/colour', { method: 'PUT', body: { colour: '#ffcc00' }, cookie: cookies.b });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field: 'colour', key: 'colourContrast' });
    const suggestion = res.json.error.values.suggestion as string;
    expect(suggestion).toMatch(/^#[0-9a-f]{6}$/);
    expect(res.json.error.message).toContain(suggestion);
    expect(contrastRatio('#ffffff', suggestion)).toBeGreaterThanOrEqual(4.5);
    // nearest: one step lighter fails
    expect(checkBrandColour(suggestion).ok).toBe(true);
    expect(await row(acme.id)).toEqual(before);
    expect((await call(B, '/api/settings/colour', { method: 'PUT', body: { colour: 'red!' }, cookie: cookies.b })).json.error).toMatchObject({
      field: 'colour',
      key: 'colourInvalid',
    });
  });

  it('saves a passing colour, which the manifest and share image use', async () => {
    const res = await call(B, '/api/settings/colour', { method: 'PUT', body: { colour: '#7C2D12' }, cookie: cookies.b });
    expect(res.status).toBe(200);
    expect(res.json.data.brandColor).toBe('#7c2d12');
    const manifest = (await call(B, '/manifest.webmanifest')).json;
    expect(manifest.theme_color).toBe('#7c2d12');
  });
});

describe('logo', () => {
  it('stores a PNG with its icon set, served where crawlers may fetch it', async () => {
    const upload = multipart('logo.png', 'image/png', await png(300, 200));
    const res = await call(B, '/api/settings/logo', { method: 'POST', raw: upload.raw, headers: upload.headers, cookie: cookies.b });
    expect(res.status).toBe(200);
    const logoUrl: string = res.json.data.logoUrl;
    expect(logoUrl).toMatch(/^\/media\/acme\/brand\/[0-9a-f-]{36}\.png$/);
    const logo = await call(B, logoUrl);
    expect([logo.status, logo.type]).toEqual([200, 'image/png']);
    const base = logoUrl.replace(/\.png$/, '');
    for (const size of [32, 180, 192, 512]) {
      const icon = await call(B, `${base}-${size}.png`);
      expect(icon.status).toBe(200);
      expect(await sharp(icon.bytes!).metadata()).toMatchObject({ width: size, height: size });
    }
    // another operator's host does not serve it
    expect((await call(A, logoUrl)).status).toBe(404);
    const manifest = (await call(B, '/manifest.webmanifest')).json;
    expect(manifest.icons.map((i: { src: string }) => i.src)).toEqual([`${base}-192.png`, `${base}-512.png`]);
  });

  it('refuses oversized, ill-sized, foreign and malformed files naming the field, and keeps the logo', async () => {
    const before = await row(acme.id);
    const cases: [string, string, Buffer, number, string][] = [
      ['big.png', 'image/png', Buffer.concat([await png(100, 100), Buffer.alloc(2 * 1024 * 1024)]), 413, 'logoTooLarge'],
      ['tiny.png', 'image/png', await png(20, 20), 400, 'logoTooSmall'],
      ['huge.png', 'image/png', await png(5000, 100), 400, 'logoTooBig'],
      ['notes.txt', 'text/plain', Buffer.from('just text'), 415, 'logoType'],
      ['broken.png', 'image/png', Buffer.concat([(await png(100, 100)).subarray(0, 60)]), 400, 'logoMalformed'],
      ['broken.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'), 400, 'logoMalformed'],
    ];
    for (const [name, type, bytes, status, key] of cases) {
      const upload = multipart(name, type, bytes);
      const res = await call(B, '/api/settings/logo', { method: 'POST', raw: upload.raw, headers: upload.headers, cookie: cookies.b });
      expect([name, res.status, res.json?.error?.field, res.json?.error?.key]).toEqual([name, status, 'logo', key]);
    }
    expect(await row(acme.id)).toEqual(before);
  });

  it('refuses SVG carrying script or event handlers', async () => {
    const before = await row(acme.id);
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><rect width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><a xlink:href="javascript:alert(1)"><rect width="10" height="10"/></a></svg>',
    ]) {
      const upload = multipart('logo.svg', 'image/svg+xml', Buffer.from(svg));
      const res = await call(B, '/api/settings/logo', { method: 'POST', raw: upload.raw, headers: upload.headers, cookie: cookies.b });
      expect([res.status, res.json.error.field, res.json.error.key]).toEqual([400, 'logo', 'logoSvgScript']);
    }
    expect(await row(acme.id)).toEqual(before);
  });

  it('refuses a 2 KB SVG <use> bomb (issue 35 §6) with 400 logoSvgComplex before rendering it, and keeps the logo', async () => {
    const before = await row(acme.id);
    const levels = ['<g id="l0"><rect width="1" height="1"/></g>'];
    for (let level = 1; level <= 9; level++) levels.push(`<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`);
    const bomb = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 10 10"><defs>${levels.join('')}</defs><use href="#l9"/></svg>`;
    const upload = multipart('logo.svg', 'image/svg+xml', Buffer.from(bomb));
    const res = await call(B, '/api/settings/logo', { method: 'POST', raw: upload.raw, headers: upload.headers, cookie: cookies.b });
    expect([res.status, res.json.error.field, res.json.error.key]).toEqual([400, 'logo', 'logoSvgComplex']);
    expect(await row(acme.id)).toEqual(before);
  });

  it('stores a clean SVG with external references removed', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="120" viewBox="0 0 120 120">
      <style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/p.svg#g) }</style>
      <defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs>
      <image href="https://evil.example/track.png" width="10" height="10"/>
      <use xlink:href="https://evil.example/s.svg#x"/>
      <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
      <circle cx="60" cy="60" r="50" fill="url(#g)" style="stroke: url(https://evil.example/s)"/>
    </svg>`;
    const upload = multipart('logo.svg', 'image/svg+xml', Buffer.from(svg));
    const res = await call(B, '/api/settings/logo', { method: 'POST', raw: upload.raw, headers: upload.headers, cookie: cookies.b });
    expect(res.status).toBe(200);
    const stored = await call(B, res.json.data.logoUrl);
    expect(stored.type).toBe('image/svg+xml');
    const text = stored.bytes!.toString();
    expect(text).not.toMatch(/evil\.example|foreignObject|@import/);
    expect(text).toContain('url(#g)');
    expect(text).toContain('<circle');
    expect(stored.headers.get('content-security-policy')).toContain('sandbox');
  });
});

describe('service cities', () => {
  const idOf = (name: string) => searchCities(name, { country: 'IN', limit: 1 })[0].id;

  it('refuses an unknown city naming it, and changes nothing', async () => {
    const res = await call(B, '/api/settings/cities', {
      method: 'PUT',
      body: { cities: [{ gazetteerId: idOf('Coimbatore') }, { gazetteerId: 999999999 }] },
      cookie: cookies.b,
    });
    expect([res.status, res.json.error.field, res.json.error.key]).toEqual([400, 'cities.1', 'cityUnknown']);
    const slugOfA = await call(B, '/api/settings/cities', { method: 'PUT', body: { cities: [{ slug: 'chennai' }] }, cookie: cookies.b });
    expect([slugOfA.status, slugOfA.json.error.key]).toEqual([400, 'cityUnknown']);
    const twice = await call(B, '/api/settings/cities', {
      method: 'PUT',
      body: { cities: [{ gazetteerId: idOf('Coimbatore') }, { gazetteerId: idOf('Coimbatore') }] },
      cookie: cookies.b,
    });
    expect([twice.status, twice.json.error.key]).toEqual([400, 'cityTwice']);
    expect((await db.select().from(serviceAreas).where(eq(serviceAreas.businessId, acme.id))).length).toBe(0);
  });

  it('searches the gazetteer, adds, reorders and marks the main city; the sitemap lists exactly those', async () => {
    const search = await call(B, '/api/settings/cities/search?q=Coimbat', { cookie: cookies.b });
    expect(search.json.data[0]).toMatchObject({ name: 'Coimbatore', country: 'IN' });
    const ids = ['Coimbatore', 'Madurai', 'Salem'].map(idOf);
    const saved = await call(B, '/api/settings/cities', {
      method: 'PUT',
      body: { cities: [{ gazetteerId: ids[0] }, { gazetteerId: ids[1], main: true }, { gazetteerId: ids[2] }] },
      cookie: cookies.b,
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.cities.map((c: { slug: string; main: boolean }) => [c.slug, c.main])).toEqual([
      ['madurai', true],
      ['coimbatore', false],
      ['salem', false],
    ]);
    const urls = await sitemapUrls(B);
    const placeSlugs = new Set(urls.map((u) => /\/place\/([^/]+)$/.exec(u)?.[1]).filter(Boolean));
    expect([...placeSlugs].sort()).toEqual(['coimbatore', 'madurai', 'salem']);
    // A's sitemap still lists A's cities only
    const demoPlaces = new Set((await sitemapUrls(A)).map((u) => /\/place\/([^/]+)$/.exec(u)?.[1]).filter(Boolean));
    expect([...demoPlaces].sort()).toEqual(DEMO_CITIES.map((c) => c.name.toLowerCase().replace(/\s+/g, '-')).sort());
  });

  it('removing a city takes its pages out of the sitemap and its place page answers 404', async () => {
    const res = await call(B, '/api/settings/cities', {
      method: 'PUT',
      body: { cities: [{ slug: 'madurai', main: true }, { slug: 'coimbatore' }] },
      cookie: cookies.b,
    });
    expect(res.status).toBe(200);
    const urls = await sitemapUrls(B);
    // Salem's own pages go; the airports still served drive riders there, so their transfer pages to Salem stay
    expect(urls.filter((u) => u.includes('salem') && !/\/airport\/[a-z]{3}\/salem$/.test(u))).toEqual([]);
    expect(urls.some((u) => u.endsWith('/in/en/airport/cjb/salem'))).toBe(true);
    expect(urls.some((u) => u.includes('/place/coimbatore'))).toBe(true);
    const { requirePlace } = await import('@/lib/seo/site-data');
    await expect(requirePlace({ id: acme.id }, 'en-IN', 'salem', (slug) => `/place/${slug}`)).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    await expect(requirePlace({ id: acme.id }, 'en-IN', 'coimbatore', (slug) => `/place/${slug}`)).resolves.toMatchObject({ slug: 'coimbatore' });
  });
});

describe('market', () => {
  it('refuses a language the market does not list and an unknown zone or currency, naming the field', async () => {
    const before = await row(acme.id);
    for (const [body, field] of [
      [{ countryCode: 'in', currency: 'INR', timeZone: 'Asia/Kolkata', languages: ['fr'] }, 'languages'],
      [{ countryCode: 'in', currency: 'INR', timeZone: 'Mars/Base', languages: ['en'] }, 'timeZone'],
      [{ countryCode: 'in', currency: 'XYZ1', timeZone: 'Asia/Kolkata', languages: ['en'] }, 'currency'],
      [{ countryCode: 'zz', currency: 'INR', timeZone: 'Asia/Kolkata', languages: ['en'] }, 'countryCode'],
      [{ countryCode: 'in', currency: 'INR', timeZone: 'Asia/Kolkata', languages: [] }, 'languages'],
    ] as const) {
      const res = await call(B, '/api/settings/market', { method: 'PUT', body, cookie: cookies.b });
      expect([field, res.status, res.json.error.field?.split('.')[0]]).toEqual([field, 400, field]);
    }
    expect(await row(acme.id)).toEqual(before);
  });

  it('offers only the chosen languages in the sitemap’s hreflang', async () => {
    const res = await call(B, '/api/settings/market', {
      method: 'PUT',
      body: { countryCode: 'in', currency: 'INR', timeZone: 'Asia/Kolkata', languages: ['ta', 'en'] },
      cookie: cookies.b,
    });
    expect(res.status).toBe(200);
    expect(res.json.data.languages).toEqual(['en', 'ta']);
    const urls = await sitemapUrls(B);
    const langs = new Set(urls.map((u) => new URL(u).pathname.split('/')[2]));
    expect([...langs].sort()).toEqual(['en', 'ta']);
  });
});

describe('share images', () => {
  it('are 1200x630 PNGs per operator and kind', async () => {
    const { shareImagePath } = await import('@/lib/settings/share-path');
    const b = await row(acme.id);
    const url = shareImagePath(b, 'place', 'en');
    const res = await call(B, url);
    expect([res.status, res.type]).toEqual([200, 'image/png']);
    expect(await sharp(res.bytes!).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect((await call(A, url)).status).toBe(404);
  });
});

describe('first-run checklist', () => {
  it('lists each step done or not', async () => {
    const res = await call(B, '/api/settings/checklist', { cookie: cookies.b });
    expect(res.json.data).toEqual([
      { key: 'logo', done: true },
      { key: 'cities', done: true },
      { key: 'rates', done: false },
      { key: 'vehicle', done: false },
      { key: 'driver', done: false },
      { key: 'booking', done: false },
    ]);
    // saving a rate card (the seeded ones do not count) ticks the fares step
    const rates = await call(B, '/api/partner/rates', { cookie: cookies.b });
    const { vehicleType, updatedAt: _updatedAt, ...card } = rates.json.data.cards[0];
    expect((await call(B, `/api/partner/rates/${vehicleType}`, { method: 'PUT', body: card, cookie: cookies.b })).status).toBe(200);
    const after = await call(B, '/api/settings/checklist', { cookie: cookies.b });
    expect(after.json.data.find((item: { key: string }) => item.key === 'rates')).toEqual({ key: 'rates', done: true });
    // A's checklist is its own
    expect((await call(A, '/api/settings/checklist', { cookie: cookies.a })).json.data.find((item: { key: string }) => item.key === 'cities')).toEqual({
      key: 'cities',
      done: true,
    });
  });
});

async function sitemapUrls(host: string): Promise<string[]> {
  const index = await call(host, '/sitemap.xml');
  const files = [...index.bytes!.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const bodies = await Promise.all(files.map((file) => call(host, file)));
  return bodies.flatMap((b) => [...b.bytes!.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
}
