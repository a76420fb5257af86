import { callApi } from '../../api';
import { agencies } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { applyRideAction } from '@/lib/rides/partner';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { bookAt, makeOperator, placeDriver, type Operator } from './fleet';

/*
 * Issue 37: the Travels menu's Track opens the live map narrowed to that
 * travel company's drivers (GET /api/partner/fleet/live?agencyId=), and its
 * Remove refuses while one of them holds a ride. Another operator can neither
 * track nor remove the company: 404, as for any row of another tenant
 * (docs/architecture/tenancy.md#isolation).
 */

let db: Db;
let own: Operator;
let other: Operator;
let agencyId: number;
let idleAgencyId: number;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  own = await makeOperator(db, 'tracked');
  other = await makeOperator(db, 'snooper');
  const [agency, idle] = await db
    .insert(agencies)
    .values([
      { businessId: own.id, name: 'Sri Travels', phoneCode: '91', phone: '9444400001', accountStatus: 'Verified' },
      { businessId: own.id, name: 'Quiet Travels', phoneCode: '91', phone: '9444400002', accountStatus: 'Verified' },
    ])
    .returning();
  agencyId = agency.id;
  idleAgencyId = idle.id;
}, 60_000);
afterAll(closeTestDb);

async function call(as: Operator, method: string, url: string) {
  const headers = { host: as.host, origin: `http://${as.host}`, cookie: as.partnerCookie };
  const res = await callApi(new Request(`http://${as.host}${url}`, { method, headers }));
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

describe("a travel company's Track", () => {
  it("shows only the company's drivers and the rides they hold, and names the company", async () => {
    const crew = await placeDriver(db, own, 'Crew Ravi', 1, { driver: { agencyId } });
    await placeDriver(db, own, 'Own Fleet Kumar', 2);
    const held = await bookAt(db, own, 20);
    await applyRideAction(db, own.id, own.partnerId, held.id, { action: 'accept', driverId: crew.id, vehicleId: crew.vehicleId });
    const unassigned = await bookAt(db, own, 3);

    const whole = await call(own, 'GET', '/api/partner/fleet/live');
    expect(whole.status).toBe(200);
    expect(whole.json.data.agency).toBeNull();
    expect(whole.json.data.drivers.map((d: { name: string }) => d.name).sort()).toEqual(['Crew Ravi', 'Own Fleet Kumar']);

    const tracked = await call(own, 'GET', `/api/partner/fleet/live?agencyId=${agencyId}`);
    expect(tracked.status).toBe(200);
    expect(tracked.json.data.agency).toEqual({ id: agencyId, name: 'Sri Travels', drivers: 1 });
    expect(tracked.json.data.drivers).toEqual([expect.objectContaining({ id: crew.id, name: 'Crew Ravi', state: 'free' })]);
    const rideIds = tracked.json.data.rides.map((r: { id: number }) => r.id);
    expect(rideIds).toContain(held.number);
    expect(rideIds).not.toContain(unassigned.number);
  });

  it('answers a company without drivers with no driver (the screen says none is online)', async () => {
    const quiet = await call(own, 'GET', `/api/partner/fleet/live?agencyId=${idleAgencyId}`);
    expect(quiet.status).toBe(200);
    expect(quiet.json.data).toMatchObject({ agency: { name: 'Quiet Travels', drivers: 0 }, drivers: [], rides: [] });
  });

  it("is a 404 for another operator's company, and a 400 for an id that is not one", async () => {
    const snooped = await call(other, 'GET', `/api/partner/fleet/live?agencyId=${agencyId}`);
    expect(snooped.status).toBe(404);
    expect(JSON.stringify(snooped.json)).not.toContain('Sri Travels');
    expect((await call(own, 'GET', '/api/partner/fleet/live?agencyId=abc')).status).toBe(400);
  });
});

describe("a travel company's Remove", () => {
  it('is a 404 for another operator and a 409 naming the ride while a driver of the company holds one', async () => {
    expect((await call(other, 'DELETE', `/api/partner/agencies/${agencyId}`)).status).toBe(404);
    const refused = await call(own, 'DELETE', `/api/partner/agencies/${agencyId}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ key: 'driverHoldsRide' });
    expect((await call(own, 'GET', '/api/partner/agencies')).json.data.agencies.map((a: { id: number }) => a.id)).toContain(agencyId);

    expect((await call(own, 'DELETE', `/api/partner/agencies/${idleAgencyId}`)).status).toBe(200);
    expect((await call(own, 'GET', `/api/partner/fleet/live?agencyId=${idleAgencyId}`)).status).toBe(404);
  });
});
