import { Hono } from 'hono';
import { z } from 'zod';
import { endpoint, toErrorResponse } from '@/lib/api/endpoint';
import { badRequest } from '@/lib/api/errors';
import { createSession } from '@/lib/auth/session';
import { users } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

let db: Db;
let demoUserToken: string;
let otherTenantToken: string;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  const demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  const acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  const [rider] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', phoneCode: '91', phone: '9000000001' }).returning();
  const [acmePartner] = await db.insert(users).values({ businessId: acme.id, role: 'travelsx-partner', email: 'ops@acme.example' }).returning();
  demoUserToken = await createSession(db, rider);
  otherTenantToken = await createSession(db, acmePartner);
});

afterAll(closeTestDb);

const echo = endpoint({ auth: 'required', body: z.object({ name: z.string().min(1), seats: z.number().int().max(8) }) }, async ({ body, tenant, session }) => ({
  tenant: tenant.slug,
  user: session.userId,
  body,
}));
const partnerOnly = endpoint({ auth: ['travelsx-partner'] }, async () => ({ ok: true }));
const open = endpoint({}, async ({ tenant, mode }) => ({ tenant: tenant.slug, mode }));

function request(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new Request(url, { method: init.method ?? 'GET', body: init.body, headers: { host: new URL(url).host, ...init.headers } });
}

/** Mounts one endpoint at /api/x on a router with the API's error mapping and sends the request through it. */
const call = async (handler: ReturnType<typeof endpoint>, req: Request) => {
  const app = new Hono().all('/api/x', handler).onError((error) => toErrorResponse(error));
  const res = await app.request(req);
  return { status: res.status, json: await res.json() };
};

describe('route wrapper', () => {
  it('resolves the tenant and host mode from the Host header', async () => {
    expect((await call(open, request('http://localhost:3000/api/x'))).json).toEqual({ tenant: 'demo', mode: 'user' });
    expect((await call(open, request('http://acme.localhost:3000/api/x'))).json).toEqual({ tenant: 'acme', mode: 'client' });
  });

  it('answers 404 on a host no tenant owns', async () => {
    const res = await call(open, request('http://nobody.localhost:3000/api/x'));
    expect(res.status).toBe(404);
  });

  it('requires a session and accepts a Bearer token', async () => {
    const body = JSON.stringify({ name: 'A', seats: 4 });
    expect((await call(echo, request('http://localhost:3000/api/x', { method: 'POST', body }))).status).toBe(401);
    const ok = await call(echo, request('http://localhost:3000/api/x', { method: 'POST', body, headers: { authorization: `Bearer ${demoUserToken}` } }));
    expect(ok.status).toBe(200);
    expect(ok.json.body).toEqual({ name: 'A', seats: 4 });
  });

  it("refuses another tenant's session", async () => {
    const res = await call(
      echo,
      request('http://localhost:3000/api/x', { method: 'POST', body: '{}', headers: { authorization: `Bearer ${otherTenantToken}` } }),
    );
    expect(res.status).toBe(401);
  });

  it('accepts the session cookie', async () => {
    const res = await call(
      echo,
      request('http://localhost:3000/api/x', {
        method: 'POST',
        body: JSON.stringify({ name: 'B', seats: 1 }),
        headers: { cookie: `__Host-session=${demoUserToken}` },
      }),
    );
    expect(res.status).toBe(200);
  });

  it('checks the role', async () => {
    const res = await call(partnerOnly, request('http://localhost:3000/api/x', { headers: { authorization: `Bearer ${demoUserToken}` } }));
    expect(res.status).toBe(403);
  });

  it('refuses a cross-origin state-changing request', async () => {
    const res = await call(
      echo,
      request('http://localhost:3000/api/x', {
        method: 'POST',
        body: '{}',
        headers: { origin: 'https://evil.example', authorization: `Bearer ${demoUserToken}` },
      }),
    );
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/Cross-site/);
  });

  it('names the bad field in a 400', async () => {
    const auth = { authorization: `Bearer ${demoUserToken}` };
    const wrongType = await call(
      echo,
      request('http://localhost:3000/api/x', { method: 'POST', body: JSON.stringify({ name: 'A', seats: 'x' }), headers: auth }),
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error.field).toBe('seats');
    expect(wrongType.json.error.message).toMatch(/^seats: /);
    const malformed = await call(echo, request('http://localhost:3000/api/x', { method: 'POST', body: '{"name":', headers: auth }));
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe('The request body is not valid JSON.');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await call(
      echo,
      request('http://localhost:3000/api/x', {
        method: 'POST',
        body: JSON.stringify({ name: 'x'.repeat(70_000), seats: 1 }),
        headers: { authorization: `Bearer ${demoUserToken}` },
      }),
    );
    expect(res.status).toBe(413);
  });

  it('maps typed errors to their status', async () => {
    const failing = endpoint({}, async () => {
      throw badRequest('pickupLocation: Required', 'pickupLocation');
    });
    const res = await call(failing, request('http://localhost:3000/api/x'));
    expect(res).toEqual({
      status: 400,
      json: { success: false, error: { code: 'bad_request', message: 'pickupLocation: Required', field: 'pickupLocation' } },
    });
  });
});
