import { eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { businesses, operatorDomains, users } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache, resolveTenantForHost } from '@/lib/tenancy/resolve';
import { findTenantBySlug } from '@/lib/tenancy/queries';
import { ensurePlatformTenant } from '@/lib/tenancy/platform-seed';
import { ownDomainRedirect } from '@/lib/tenancy/host-pages';
import { createSession } from '@/lib/auth/session';
import { checkTxtToken } from '@/lib/hosting/dns-check';
import { claimDomain, normaliseDomain, readDomain, TXT_LABEL, TXT_PREFIX, verifyDomain } from '@/lib/hosting/domains';
import { pageAlternates } from '@/lib/seo/alternates';
import { siteOrigin } from '@/lib/seo/origin';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { startDnsStandIn, type DnsStandIn } from '../../../e2e/support/dns-stand-in';

/*
 * Issue 13 §1 "Own domain": the TXT check through a real resolver (node:dns
 * Resolver) against a DNS server on loopback, then host routing, canonicals,
 * hreflang, robots and sitemaps on the domain, and 308 from the old host.
 */

const DNS_PORT = 3212; // this branch's range: E2E_PORT (3202) + 10
const FAST = { servers: [`127.0.0.1:${DNS_PORT}`], timeoutMs: 400 };

let db: Db;
let dns: DnsStandIn;
let sun: { id: number; slug: string };
let moon: { id: number; slug: string };
const cookies = { sun: '', moon: '' };

async function partnerCookie(businessId: number, email: string): Promise<string> {
  const [user] = await db.insert(users).values({ businessId, role: 'travelsx-partner', name: email, email }).returning();
  return `__Host-session=${await createSession(db, { id: user.id, businessId })}`;
}

beforeAll(async () => {
  process.env.DNS_SERVERS = `127.0.0.1:${DNS_PORT}`;
  process.env.DNS_TIMEOUT_MS = '400';
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  dns = await startDnsStandIn(DNS_PORT);
  await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  sun = await createBusiness(db, { slug: 'sunrise', name: 'Sunrise Cabs', countryCode: 'in' });
  moon = await createBusiness(db, { slug: 'moonlight', name: 'Moonlight Travels', countryCode: 'in' });
  await ensurePlatformTenant(db);
  cookies.sun = await partnerCookie(sun.id, 'owner@sunrise.example');
  cookies.moon = await partnerCookie(moon.id, 'owner@moonlight.example');
});
afterAll(async () => {
  await dns.close();
  await closeTestDb();
  delete process.env.DNS_SERVERS;
  delete process.env.DNS_TIMEOUT_MS;
  resetEnvForTests();
});

function api(method: string, path: string, host: string, cookie?: string, body?: unknown) {
  return callApi(
    new Request(`http://${host}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    }),
  );
}
async function json(res: Response) {
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; data?: Record<string, unknown>; error?: { code: string; field?: string; message: string } },
  };
}
const tokenOf = async (businessId: number) => (await db.select().from(operatorDomains).where(eq(operatorDomains.businessId, businessId)))[0].token;
const liveDomain = async (businessId: number) =>
  (await db.select({ domain: businesses.domain }).from(businesses).where(eq(businesses.id, businessId)))[0].domain;

describe('domain names', () => {
  it('stores a typed domain in one form', () => {
    expect(normaliseDomain('Cabs.Example.')).toBe('cabs.example');
    expect(normaliseDomain('  www.cabs.example ')).toBe('cabs.example');
    expect(normaliseDomain('rides.sunrise-cabs.co.in')).toBe('rides.sunrise-cabs.co.in');
    expect(normaliseDomain('ಕ್ಯಾಬ್.example')).toMatch(/^xn--[a-z0-9-]+\.example$/);
  });

  it.each([
    'https://cabs.example',
    'cabs.example/book',
    'cabs.example:8443',
    'cabs',
    'cabs..example',
    '-cabs.example',
    'cabs-.example',
    'cabs example',
    'cabs.example.123',
    `${'a'.repeat(64)}.example`,
    'user@cabs.example',
    '',
  ])('refuses %j naming the field', (input) => {
    expect(() => normaliseDomain(input)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'domain_malformed', field: 'domain' }));
  });
});

describe('TXT check through the resolver', () => {
  it('finds the token, joining a record split into strings', async () => {
    dns.zone.set('_travelsx-verify.ok.example', { txt: [['v=spf1 -all'], ['travelsx-verify=', 'tok123']] });
    expect(await checkTxtToken('_travelsx-verify.ok.example', TXT_PREFIX, 'tok123', FAST)).toEqual({ ok: true });
  });

  it('says the TXT record is missing (NODATA, or only other records)', async () => {
    dns.zone.set('_travelsx-verify.empty.example', 'nodata');
    expect(await checkTxtToken('_travelsx-verify.empty.example', TXT_PREFIX, 'tok', FAST)).toMatchObject({ ok: false, reason: 'missing_txt' });
    dns.zone.set('_travelsx-verify.other.example', { txt: [['google-site-verification=abc']] });
    expect(await checkTxtToken('_travelsx-verify.other.example', TXT_PREFIX, 'tok', FAST)).toMatchObject({ ok: false, reason: 'missing_txt' });
  });

  it('says the token is wrong', async () => {
    dns.zone.set('_travelsx-verify.wrong.example', { txt: [['travelsx-verify=someone-else']] });
    expect(await checkTxtToken('_travelsx-verify.wrong.example', TXT_PREFIX, 'tok', FAST)).toMatchObject({
      ok: false,
      reason: 'wrong_token',
      detail: 'travelsx-verify=someone-else',
    });
  });

  it('says the name does not exist (NXDOMAIN)', async () => {
    expect(await checkTxtToken('_travelsx-verify.nowhere.example', TXT_PREFIX, 'tok', FAST)).toMatchObject({
      ok: false,
      reason: 'nxdomain',
      detail: 'ENOTFOUND',
    });
  });

  it('says the server did not answer in time, within the deadline', async () => {
    dns.zone.set('_travelsx-verify.slow.example', 'silent');
    // the server never answers: the answer can only come from the deadline
    expect(await checkTxtToken('_travelsx-verify.slow.example', TXT_PREFIX, 'tok', FAST)).toMatchObject({ ok: false, reason: 'timeout' });
  });
});

describe('claiming and verifying through the console API', () => {
  it('answers 401 without a session and refuses a malformed domain with 400 naming the field, changing nothing', async () => {
    expect((await api('GET', '/api/partner/domain', 'sunrise.localhost')).status).toBe(401);
    const bad = await json(await api('PUT', '/api/partner/domain', 'sunrise.localhost', cookies.sun, { domain: 'https://cabs.example/x' }));
    expect([bad.status, bad.body.error?.code, bad.body.error?.field]).toEqual([400, 'domain_malformed', 'domain']);
    const platform = await json(await api('PUT', '/api/partner/domain', 'sunrise.localhost', cookies.sun, { domain: 'evil.localhost' }));
    expect([platform.status, platform.body.error?.code]).toEqual([400, 'domain_platform']);
    expect(await db.select().from(operatorDomains)).toEqual([]);
  });

  it('shows the CNAME and TXT records, refuses each DNS failure with its reason, then verifies', async () => {
    const claimed = await json(await api('PUT', '/api/partner/domain', 'sunrise.localhost', cookies.sun, { domain: 'Cabs.Example' }));
    expect(claimed.status).toBe(200);
    const token = await tokenOf(sun.id);
    expect(claimed.body.data).toMatchObject({
      domain: 'cabs.example',
      verified: false,
      live: null,
      records: [
        { type: 'CNAME', name: 'cabs.example', value: 'platform.localhost' },
        { type: 'TXT', name: `${TXT_LABEL}.cabs.example`, value: `${TXT_PREFIX}${token}` },
      ],
    });
    // unverified: the domain serves nobody
    expect(await resolveTenantForHost('cabs.example')).toBeNull();

    const attempt = async () => json(await api('POST', '/api/partner/domain/verify', 'sunrise.localhost', cookies.sun));
    for (const [answer, code] of [
      [undefined, 'dns_nxdomain'],
      ['nodata', 'dns_missing_txt'],
      [{ txt: [['travelsx-verify=not-the-token']] }, 'dns_wrong_token'],
      ['silent', 'dns_timeout'],
    ] as const) {
      if (answer === undefined) dns.zone.delete('_travelsx-verify.cabs.example');
      else dns.zone.set('_travelsx-verify.cabs.example', answer);
      const failed = await attempt();
      expect([failed.status, failed.body.error?.code, failed.body.error?.field]).toEqual([400, code, 'domain']);
      expect(await liveDomain(sun.id)).toBeNull();
    }
    expect((await readDomain(db, sun)).lastError).toBe('timeout');

    dns.zone.set('_travelsx-verify.cabs.example', { txt: [[`travelsx-verify=${token}`]] });
    const verified = await attempt();
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ domain: 'cabs.example', verified: true, live: 'cabs.example', lastError: null });
    expect(await liveDomain(sun.id)).toBe('cabs.example');
  });

  it("refuses a domain another operator verified (409), and keeps each operator's claim to itself", async () => {
    const taken = await json(await api('PUT', '/api/partner/domain', 'moonlight.localhost', cookies.moon, { domain: 'www.cabs.example' }));
    expect([taken.status, taken.body.error?.code, taken.body.error?.field]).toEqual([409, 'domain_taken', 'domain']);
    const mine = await json(await api('GET', '/api/partner/domain', 'moonlight.localhost', cookies.moon));
    expect(mine.body.data).toMatchObject({ domain: null, records: [], live: null });
    // Sunrise's session on Moonlight's host is not a session there
    expect((await api('GET', '/api/partner/domain', 'moonlight.localhost', cookies.sun)).status).toBe(401);
    expect((await api('DELETE', '/api/partner/domain', 'moonlight.localhost', cookies.sun)).status).toBe(401);
    expect(await liveDomain(sun.id)).toBe('cabs.example');
  });

  it('lets two operators claim the same unverified domain; the first to prove it wins, the other is refused', async () => {
    const a = await createBusiness(db, { slug: 'alpha', name: 'Alpha Cabs', countryCode: 'in' });
    const b = await createBusiness(db, { slug: 'beta', name: 'Beta Cabs', countryCode: 'in' });
    await claimDomain(db, a, 'shared.example');
    await claimDomain(db, b, 'shared.example');
    dns.zone.set('_travelsx-verify.shared.example', { txt: [[`travelsx-verify=${await tokenOf(b.id)}`]] });
    await expect(verifyDomain(db, a, FAST)).rejects.toMatchObject({ code: 'dns_wrong_token' });
    expect((await verifyDomain(db, b, FAST)).verified).toBe(true);
    dns.zone.set('_travelsx-verify.shared.example', { txt: [[`travelsx-verify=${await tokenOf(a.id)}`]] });
    await expect(verifyDomain(db, a, FAST)).rejects.toMatchObject({ kind: 'conflict', code: 'domain_taken' });
    expect(await liveDomain(a.id)).toBeNull();
  });
});

describe('a verified domain', () => {
  it("routes its host to the operator's rider site", async () => {
    clearTenantCache();
    for (const host of ['cabs.example', 'www.cabs.example', 'CABS.example:443']) {
      expect([host, await resolveTenantForHost(host)]).toEqual([
        host,
        expect.objectContaining({ mode: 'user', host: 'domain', tenant: expect.objectContaining({ slug: 'sunrise' }) }),
      ]);
    }
    const business = await json(await api('GET', '/api/business', 'cabs.example'));
    expect(business.body.data).toMatchObject({ business_name: 'Sunrise Cabs', domain_name: 'cabs.example' });
  });

  it('moves canonicals, hreflang, robots and sitemaps to the domain', async () => {
    const tenant = (await findTenantBySlug('sunrise', db))!;
    expect(siteOrigin(tenant)).toBe('https://cabs.example');
    const seo = pageAlternates(tenant, { country: 'in', lang: 'en' }, '/place/chennai');
    expect(seo.canonical).toBe('https://cabs.example/in/en/place/chennai');
    expect(Object.values(seo.languages).every((url) => url.startsWith('https://cabs.example/'))).toBe(true);
    const robots = await api('GET', '/robots.txt', 'cabs.example');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('Sitemap: https://cabs.example/sitemap.xml');
    const sitemap = await (await api('GET', '/sitemap.xml', 'cabs.example')).text();
    expect(sitemap).toContain('<loc>https://cabs.example/sitemap/');
    expect(sitemap).not.toContain('localhost');
  });

  it('makes the old host answer 308 to the same path on the domain, keeping the console there', async () => {
    const resolved = (await resolveTenantForHost('sunrise.localhost'))!;
    const input = { mode: resolved.mode, host: resolved.host, domain: resolved.tenant.domain };
    for (const path of ['/', '/in/en', '/in/en/user/home', '/in/ta/place/chennai', '/no/such/page'])
      expect([path, ownDomainRedirect(input, path)]).toEqual([path, 'cabs.example']);
    for (const path of ['/in/en/travel/home', '/in/en/travel/login', '/travel/home', '/in/en/delivery/rides', '/in/en/driver/home'])
      expect([path, ownDomainRedirect(input, path)]).toEqual([path, undefined]);
    // the domain itself never redirects
    expect(ownDomainRedirect({ mode: 'user', host: 'domain', domain: 'cabs.example' }, '/in/en/user/home')).toBeUndefined();
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap/0.xml?x=1']) {
      const moved = await api('GET', path, 'sunrise.localhost');
      expect([path, moved.status, moved.headers.get('location')]).toEqual([path, 308, `https://cabs.example${path}`]);
    }
    // the console's API keeps answering on the old host
    expect((await api('GET', '/api/partner/domain', 'sunrise.localhost', cookies.sun)).status).toBe(200);
  });

  it('goes back to the old host when removed', async () => {
    const removed = await json(await api('DELETE', '/api/partner/domain', 'sunrise.localhost', cookies.sun));
    expect(removed.body.data).toMatchObject({ domain: null, live: null });
    expect(await resolveTenantForHost('cabs.example')).toBeNull();
    expect((await api('GET', '/robots.txt', 'sunrise.localhost')).status).toBe(200);
  });
});
