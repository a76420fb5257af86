import { and, eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { appEvents, visits } from '@/lib/db/schema';
import { parseDevice } from '@/lib/tracking/device';
import { storedPageUrl } from '@/lib/tracking/schemas';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { call, seedWorld, type World } from './fixture';

const visitRoute = callApi;
const adMetricsRoute = callApi;
const reportRoute = callApi;

const PIXEL = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const LANDING = 'http://localhost:3000/in/en/user/home?utm_source=google&utm_medium=cpc&utm_campaign=diwali&fbclid=fb123&token=secret';

let db: Db;
let world: World;

beforeAll(async () => {
  db = await openTestDb();
  world = await seedWorld(db);
});
afterAll(closeTestDb);

const count = async () => (await db.select({ id: visits.id }).from(visits)).length;
const visit = (body: unknown, headers: Record<string, string> = { 'user-agent': PIXEL }, cookie = '') =>
  call(visitRoute, { method: 'POST', path: '/api/tracking/visit', body, headers, cookie });

describe('visitor tracking', () => {
  it('stores a page view with device details parsed on the server and the campaign of the landing URL', async () => {
    const { status, json } = await visit({
      session_id: 'sess-0001-abcd',
      page_url: LANDING,
      landing_url: LANDING,
      referrer: 'https://www.google.com/search?q=taxi',
      lp_id: 999,
      user_id: 42,
    });
    expect(status).toBe(200);
    const [row] = await db.select().from(visits).where(eq(visits.id, json.data.id));
    expect(row).toMatchObject({
      businessId: world.demo.id,
      sessionId: 'sess-0001-abcd',
      phone: null,
      address: null,
      pageUrl: '/in/en/user/home?utm_source=google&utm_medium=cpc&utm_campaign=diwali&fbclid=fb123',
      userId: null,
      countryCode: 'in',
      userAgent: PIXEL,
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'diwali',
      fbclid: 'fb123',
      referrer: 'https://www.google.com/search',
    });
    expect(row.device).toEqual({ os: 'Android', os_version: '13', browser: 'Chrome', device_type: 'mobile', device_brand: 'Google', device_model: 'Pixel 7' });
  });

  it('keeps the landing campaign on later pages and takes the user from the session, not the body', async () => {
    const { json } = await visit(
      { session_id: 'sess-0001-abcd', page_url: 'http://localhost:3000/in/en/user/rides', landing_url: LANDING, user_id: 1, user_type: 'travelsx-partner' },
      { 'user-agent': DESKTOP },
      world.rider.cookie,
    );
    const [row] = await db.select().from(visits).where(eq(visits.id, json.data.id));
    expect(row).toMatchObject({ pageUrl: '/in/en/user/rides', userId: world.rider.userId, userType: 'travelsx-user', utmCampaign: 'diwali', referrer: null });
    // a signed-in rider's phone is known; no ride booked yet, so no address
    expect(row).toMatchObject({ phone: '+919845000001', address: null });
    expect(row.device).toMatchObject({ os: 'Windows', browser: 'Chrome', device_type: 'desktop' });
  });

  it('refuses a body with a 100 kB user agent (413) and stores nothing', async () => {
    const before = await count();
    const { status, json } = await visit({ session_id: 'sess-0002-abcd', page_url: '/in/en/user/home', user_agent: 'A'.repeat(100 * 1024) });
    expect(status).toBe(413);
    expect(json.error.code).toBe('payload_too_large');
    expect(await count()).toBe(before);
  });

  it('caps a 100 kB user-agent header at 500 characters', async () => {
    const long = `${PIXEL} ${'x'.repeat(100 * 1024)}`;
    const { status, json } = await visit({ session_id: 'sess-0003-abcd', page_url: '/in/en/user/home' }, { 'user-agent': long });
    expect(status).toBe(200);
    const [row] = await db.select().from(visits).where(eq(visits.id, json.data.id));
    expect(row.userAgent).toHaveLength(500);
    expect(row.device).toMatchObject({ os: 'Android', device_model: 'Pixel 7' });
  });

  it('refuses bad ids, non-web page URLs and cross-site posts, storing nothing', async () => {
    const before = await count();
    expect((await visit({ session_id: 'x', page_url: '/in/en' })).status).toBe(400);
    expect((await visit({ session_id: 'sess-0004-abcd', page_url: 'javascript:alert(1)' })).json.error.field).toBe('page_url');
    expect((await visit({ session_id: 'sess-0004-abcd' })).json.error.field).toBe('page_url');
    const crossSite = await visit({ session_id: 'sess-0004-abcd', page_url: '/in/en' }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('parses desktops and empty user agents', () => {
    expect(parseDevice(undefined).device_type).toBeNull();
    expect(parseDevice(DESKTOP).device_type).toBe('desktop');
    expect(storedPageUrl('mailto:a@b.c')).toBeUndefined();
  });
});

describe('ad metrics', () => {
  it('stores the spec record with the session user', async () => {
    const { status } = await call(adMetricsRoute, {
      method: 'POST',
      path: '/api/tracking/ad-metrics',
      cookie: world.rider.cookie,
      body: { lp_id: 1, user_id: 2, ad_metrics: { fbclid: 'fb123', utm_source: 'facebook', utm_campaign: 'monsoon' }, create_ux_time: 1_780_000_000 },
    });
    expect(status).toBe(200);
    const [event] = await db
      .select()
      .from(appEvents)
      .where(and(eq(appEvents.businessId, world.demo.id), eq(appEvents.name, 'ad_metrics')));
    expect(event.userId).toBe(world.rider.userId);
    expect(event.data).toMatchObject({
      user_type: 'travelsx-user',
      contact_number: '+919845000001',
      ad_metrics: { fbclid: 'fb123', utm_source: 'facebook', utm_medium: null, utm_campaign: 'monsoon' },
      create_ux_time: 1_780_000_000,
    });
  });

  it('refuses a record without any campaign parameter', async () => {
    const { status } = await call(adMetricsRoute, { method: 'POST', path: '/api/tracking/ad-metrics', body: { ad_metrics: {} } });
    expect(status).toBe(400);
  });
});

describe('the console visits report', () => {
  it('shows the partner visits, top pages, sources, campaigns and devices of the day', async () => {
    const { status, json } = await call(reportRoute, { path: '/api/tracking/report?filter=today', cookie: world.partner.cookie });
    expect(status).toBe(200);
    const data = json.data;
    expect(data.totals).toMatchObject({ views: 3, visitors: 2 });
    expect(data.pages[0]).toEqual({ label: '/in/en/user/home', views: 2, visitors: 2 });
    expect(data.sources).toEqual(
      expect.arrayContaining([
        { label: 'google', views: 2, visitors: 1 },
        { label: '(direct)', views: 1, visitors: 1 },
      ]),
    );
    expect(data.campaigns).toEqual([{ campaign: 'diwali', source: 'google', medium: 'cpc', visitors: 1 }]);
    expect(data.devices.map((d: { label: string }) => d.label).sort()).toEqual(['desktop', 'mobile']);
  });

  it('is for the business partners only', async () => {
    expect((await call(reportRoute, { path: '/api/tracking/report', cookie: world.rider.cookie })).status).toBe(403);
    const other = await call(reportRoute, { path: '/api/tracking/report', cookie: world.acmePartner.cookie, host: 'acme.localhost:3000' });
    expect(other.json.data.totals).toEqual({ views: 0, visitors: 0, leads: 0 });
  });
});

describe("the visitor's phone and address when known (docs/requirements/rider.md#visitor-tracking)", () => {
  it("records a signed-in rider's phone and the pickup of their last booking, never a console login's, and the report lists them", async () => {
    await world.book('visit-known-1', { driverId: null });
    const { json } = await visit({ session_id: 'sess-0009-abcd', page_url: '/in/en/user/home' }, { 'user-agent': PIXEL }, world.rider.cookie);
    const [row] = await db.select().from(visits).where(eq(visits.id, json.data.id));
    expect(row).toMatchObject({ userId: world.rider.userId, phone: '+919845000001', address: 'Chennai' });

    const partner = await visit({ session_id: 'sess-0010-abcd', page_url: '/in/en/user/home' }, { 'user-agent': PIXEL }, world.partner.cookie);
    const [partnerRow] = await db.select().from(visits).where(eq(visits.id, partner.json.data.id));
    expect(partnerRow).toMatchObject({ userId: world.partner.userId, phone: null, address: null });

    const { status, json: report } = await call(reportRoute, { path: '/api/tracking/report?filter=today', cookie: world.partner.cookie });
    expect(status).toBe(200);
    // one row per rider: the newest phone and address, all their views of the day
    expect(report.data.known).toEqual([{ phone: '+919845000001', address: 'Chennai', views: 2, lastSeen: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
    const other = await call(reportRoute, { path: '/api/tracking/report?filter=today', cookie: world.acmePartner.cookie, host: 'acme.localhost:3000' });
    expect(other.json.data.known).toEqual([]);
  });
});
