import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { callApi } from '../../api';
import { closeTestDb, openTestDb } from '../../db';
import type { Db } from '@/lib/db/client';
import { businesses } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { ensureDemoTenant } from '@/lib/tenancy/demo';
import { clearTenantCache } from '@/lib/tenancy/resolve';

/*
 * Issue 37: /favicon.ico answered 404. Each operator's host answers with its own icon
 * (docs/requirements/crawler.md#icons): a redirect to the PNG rendered from its uploaded logo,
 * else an ICO of its shipped logo or its initial; cacheable, varying by Host.
 */

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  await ensureDemoTenant(db, 'demo');
  await createBusiness(db, { slug: 'acme', name: 'Acme Desert Rides', countryCode: 'ae', language: 'en' });
  await db.update(businesses).set({ brandColor: '#7c2d12' }).where(eq(businesses.slug, 'acme'));
  await createBusiness(db, { slug: 'sunrise', name: 'Sunrise Cabs', countryCode: 'in', language: 'en' });
  await db.update(businesses).set({ iconBase: '/media/sunrise/brand/0b5e3f1c-7c1e-4f57-9d7e-3c1a2b4d5e6f' }).where(eq(businesses.slug, 'sunrise'));
  clearTenantCache();
});
afterAll(closeTestDb);

const favicon = (host: string) => callApi(new Request(`http://${host}/favicon.ico`, { headers: { host } }));

/** The PNG inside a one-image ICO, checked entry by entry. */
function pngOfIco(bytes: Buffer): Buffer {
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 1]);
  expect([bytes[6], bytes[7]]).toEqual([32, 32]);
  const length = bytes.readUInt32LE(14);
  const offset = bytes.readUInt32LE(18);
  expect(offset + length).toBe(bytes.length);
  return bytes.subarray(offset);
}

async function icon(host: string): Promise<Buffer> {
  const res = await favicon(host);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/x-icon');
  expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
  expect(res.headers.get('vary')).toMatch(/Host/i);
  const png = pngOfIco(Buffer.from(await res.arrayBuffer()));
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
  return png;
}

describe('/favicon.ico per operator host', () => {
  it("answers the demo's own logo and another operator's own initial, never the same icon", async () => {
    const demo = await icon('localhost:3000');
    const acme = await icon('acme.localhost:3000');
    expect(demo.equals(acme)).toBe(false);
    // acme's icon is drawn on its own brand colour (#7c2d12), the demo's logo is teal
    const { data } = await sharp(acme).raw().toBuffer({ resolveWithObject: true });
    expect([data[4 * (2 * 32 + 2)], data[4 * (2 * 32 + 2) + 1], data[4 * (2 * 32 + 2) + 2]]).toEqual([0x7c, 0x2d, 0x12]);
  });

  it('sends an operator with an uploaded logo to its own 32 px icon', async () => {
    const res = await favicon('sunrise.localhost:3000');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/media/sunrise/brand/0b5e3f1c-7c1e-4f57-9d7e-3c1a2b4d5e6f-32.png');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(res.headers.get('vary')).toMatch(/Host/i);
  });

  it('answers an unknown host with no icon', async () => {
    expect((await favicon('nobody.localhost:3000')).status).toBe(404);
  });
});
