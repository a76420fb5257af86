import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { airportSettings, users, waitingRules, type Business, type UserRole } from '@/lib/db/schema';
import { createSession } from '@/lib/auth/session';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { createBusiness } from '@/lib/tenancy/commands';
import { DEMO_CITIES } from '@/lib/tenancy/demo';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { airportRules, meetingPointText, servedAirports } from '@/lib/airports/settings';
import { airportAt } from '@/lib/airports/catalogue';
import { callApi } from '../../api';
import { closeTestDb, openTestDb } from '../../db';
import { pinLocalHosts } from '../seo/local-hosts';

/*
 * The operator's airport settings (console > Airports and waiting): the
 * airports it serves, a meeting point per airport in its languages with an
 * optional photo, free waiting per trip kind, the waiting block and the
 * waiting charge on each rate card; refusals name the field and change nothing;
 * one operator never sees or changes another's.
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

async function call(
  host: string,
  urlPath: string,
  {
    method = 'GET',
    body,
    cookie,
    raw,
    headers = {},
  }: { method?: string; body?: unknown; cookie?: string; raw?: BodyInit; headers?: Record<string, string> } = {},
) {
  const res = await callApi(
    new Request(`http://${host}${urlPath}`, {
      method,
      headers: {
        host,
        origin: `http://${host}`,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : raw,
    }),
  );
  return { status: res.status, json: await res.json() };
}

function multipart(bytes: Buffer, type = 'image/png'): { raw: Blob; headers: Record<string, string> } {
  const boundary = 'airport-photo-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gate.png"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { raw: new Blob([new Uint8Array(Buffer.concat([head, bytes, tail]))]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const stored = async () => db.select().from(airportSettings);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'airports-data-'));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Meridian Cabs', countryCode: 'in', phone: '9876543210', cities: DEMO_CITIES });
  acme = await createBusiness(db, {
    slug: 'acme',
    name: 'Acme Cabs',
    countryCode: 'in',
    phone: '9876500000',
    cities: [{ name: 'Dubai', lat: 25.2048, lng: 55.2708 }],
  });
  cookies.a = await account(demo, 'travelsx-partner', '9000000001');
  cookies.b = await account(acme, 'travelsx-partner', '9000000002');
  cookies.aRider = await account(demo, 'travelsx-user', '9000000003');
}, 120_000);

afterAll(async () => {
  await closeTestDb();
  delete process.env.DATA_DIR;
  resetEnvForTests();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the airports an operator serves', () => {
  it('lists the scheduled airports within its pickup radius of its cities, nearest first, and not a far one', async () => {
    const codes = (await servedAirports(db, demo)).map((a) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['MAA', 'BLR', 'HYD', 'BOM', 'PNQ', 'COK', 'CJB', 'IXM']));
    expect(codes).not.toContain('DEL');
    expect(codes).not.toContain('DXB');
    expect((await servedAirports(db, acme)).map((a) => a.code)).toContain('DXB');
  });

  it('recognises an airport pickup by the code in its name or by being at the airport, and nowhere else', async () => {
    expect((await airportAt({ lat: 12.99, lng: 80.17, name: 'Chennai International Airport (MAA)' }))?.code).toBe('MAA');
    expect((await airportAt({ lat: 12.9823, lng: 80.1638 }))?.code).toBe('MAA');
    expect(await airportAt({ lat: 13.0827, lng: 80.2707, name: 'Chennai' })).toBeUndefined();
  });

  it('GET answers the airports with no meeting point, the default waiting rules and the charges per vehicle', async () => {
    const { status, json } = await call(A, '/api/partner/airports', { cookie: cookies.a });
    expect(status).toBe(200);
    expect(json.data.waiting).toEqual({ freeMinutes: { local: 15, airport: 60, outstation: 15, rental: 15 }, blockMinutes: 15, landingBufferMinutes: 30 });
    expect(json.data.languages).toEqual(expect.arrayContaining(['en', 'ta', 'hi']));
    expect(json.data.airports[0]).toMatchObject({ meetingPoint: null });
    expect(json.data.airports.find((a: { code: string }) => a.code === 'MAA')).toMatchObject({ name: 'Chennai International Airport', meetingPoint: null });
    expect(json.data.waitingCharges).toContainEqual({ vehicleType: 'sedan', perBlock: 60 });
  });

  it('answers 401 without a session and 403 to a rider', async () => {
    expect((await call(A, '/api/partner/airports')).status).toBe(401);
    expect((await call(A, '/api/partner/airports', { cookie: cookies.aRider })).status).toBe(403);
    expect((await call(A, '/api/partner/waiting-rules', { method: 'PUT', cookie: cookies.aRider, body: {} })).status).toBe(403);
  });
});

describe('meeting points', () => {
  const text = { en: 'Arrivals exit gate 4, by the coffee counter', ta: 'வருகை வாயில் 4, காபி கவுண்டர் அருகே' };

  it('stores the texts per language, trims them and drops blank ones; the seo read gives them with the free waiting', async () => {
    const { status, json } = await call(A, '/api/partner/airports/maa', {
      method: 'PUT',
      cookie: cookies.a,
      body: { texts: { ...text, hi: '   ' }, photoUrl: null },
    });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ code: 'MAA', texts: text, photoUrl: null });
    const rules = await airportRules(db, demo, 'MAA');
    expect(rules?.meetingPoint?.texts).toEqual(text);
    expect(rules).toMatchObject({ freeWaitingMinutes: 60, blockMinutes: 15, landingBufferMinutes: 30, currency: 'INR' });
    expect(rules?.waitingCharges).toContainEqual({ vehicleType: 'sedan', perBlock: 6000 });
    expect(meetingPointText(rules?.meetingPoint, 'ta')).toEqual({ text: text.ta, lang: 'ta' });
    expect(meetingPointText(rules?.meetingPoint, 'hi', ['en'])).toEqual({ text: text.en, lang: 'en' });
    expect(await airportRules(db, demo, 'DXB')).toBeUndefined();
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await stored();
    const cases: [string, unknown, number, string | undefined, string][] = [
      ['MAA', { texts: {}, photoUrl: null }, 400, 'texts', 'meetingPointRequired'],
      ['MAA', { texts: { en: '   ' }, photoUrl: null }, 400, 'texts', 'meetingPointRequired'],
      ['MAA', { texts: { en: 'x'.repeat(501) }, photoUrl: null }, 400, 'texts.en', 'meetingPointTooLong'],
      ['MAA', { texts: { fr: 'Porte 4' }, photoUrl: null }, 400, 'texts.fr', 'languageNotOffered'],
      ['MAA', { texts: { en: 'Gate 4' }, photoUrl: 'https://evil.example/a.png' }, 400, 'photoUrl', 'photoInvalid'],
      ['MAA', { texts: { en: 'Gate 4' }, photoUrl: '/media/demo/airport/11111111-2222-3333-4444-555555555555.jpg' }, 400, 'photoUrl', 'photoInvalid'],
      ['MAA', { texts: { en: 42 }, photoUrl: null }, 400, 'texts.en', 'meetingPointInvalid'],
      ['DXB', { texts: { en: 'Gate 4' }, photoUrl: null }, 404, 'code', 'airportUnknown'],
      ['ZZZ', { texts: { en: 'Gate 4' }, photoUrl: null }, 404, 'code', 'airportUnknown'],
      ['M1', { texts: { en: 'Gate 4' }, photoUrl: null }, 404, 'code', 'airportUnknown'],
    ];
    for (const [code, body, status, field, key] of cases) {
      const answer = await call(A, `/api/partner/airports/${code}`, { method: 'PUT', cookie: cookies.a, body });
      expect([code, JSON.stringify(body).slice(0, 60), answer.status, answer.json.error?.field, answer.json.error?.key]).toEqual([
        code,
        JSON.stringify(body).slice(0, 60),
        status,
        field,
        key,
      ]);
    }
    expect(await stored()).toEqual(before);
  });

  it('takes a photo the operator uploaded, refuses a file that is no image, and serves the photo', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const upload = multipart(png);
    const { status, json } = await call(A, '/api/partner/airport-photos', { method: 'POST', cookie: cookies.a, raw: upload.raw, headers: upload.headers });
    expect(status).toBe(201);
    expect(json.data.image).toMatch(/^\/media\/demo\/airport\/[0-9a-f-]{36}\.jpg$/);
    const saved = await call(A, '/api/partner/airports/MAA', { method: 'PUT', cookie: cookies.a, body: { texts: text, photoUrl: json.data.image } });
    expect(saved.json.data.photoUrl).toBe(json.data.image);
    const served = await callApi(new Request(`http://${A}${json.data.image}`, { headers: { host: A } }));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    // the other operator cannot name it
    const foreign = await call(B, '/api/partner/airports/DXB', {
      method: 'PUT',
      cookie: cookies.b,
      body: { texts: { en: 'Gate 1' }, photoUrl: json.data.image.replace('/demo/', '/acme/') },
    });
    expect([foreign.status, foreign.json.error.field]).toEqual([400, 'photoUrl']);

    const junk = multipart(Buffer.from('GIF89a not really'), 'image/png');
    const refused = await call(A, '/api/partner/airport-photos', { method: 'POST', cookie: cookies.a, raw: junk.raw, headers: junk.headers });
    expect([refused.status, refused.json.error.key]).toEqual([415, 'imageType']);
  });

  it("one operator neither sees nor changes another's meeting points", async () => {
    const mine = await call(B, '/api/partner/airports', { cookie: cookies.b });
    expect(mine.json.data.airports.map((a: { code: string }) => a.code)).not.toContain('MAA');
    expect((await call(B, '/api/partner/airports/MAA', { method: 'PUT', cookie: cookies.b, body: { texts: { en: 'Hijacked' }, photoUrl: null } })).status).toBe(
      404,
    );
    expect((await call(B, '/api/partner/airports/MAA', { method: 'DELETE', cookie: cookies.b })).status).toBe(404);
    expect((await call(A, '/api/partner/airports/MAA', { method: 'PUT', cookie: cookies.b, body: { texts: { en: 'Hijacked' }, photoUrl: null } })).status).toBe(
      401,
    );
    expect((await airportRules(db, demo, 'MAA'))?.meetingPoint?.texts.en).toBe(text.en);
  });

  it('clears a meeting point, and a second clear is a 404', async () => {
    expect((await call(A, '/api/partner/airports/MAA', { method: 'DELETE', cookie: cookies.a })).status).toBe(200);
    expect((await airportRules(db, demo, 'MAA'))?.meetingPoint).toBeUndefined();
    expect((await call(A, '/api/partner/airports/MAA', { method: 'DELETE', cookie: cookies.a })).status).toBe(404);
  });
});

describe('waiting rules and charges', () => {
  const rules = { freeMinutes: { local: 10, airport: 45, outstation: 20, rental: 0 }, blockMinutes: 10, landingBufferMinutes: 40 };

  it('saves the free minutes per trip kind, the block and the landing buffer', async () => {
    // a quote before the change (its process keeps the rules a few seconds) and one right after it: the new rules at once
    const trip = {
      rideType: 'oneway',
      tripKind: 'outstation',
      pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
      dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
      pickupTime: new Date(Date.now() + 36 * 3600_000).toISOString(),
    };
    const freeOutstation = async () =>
      (await call(A, '/api/rides/quote', { method: 'POST', body: trip })).json.data.ride_details.map(
        (d: { fee: { waiting: { free_minutes: number } | null } }) => d.fee.waiting?.free_minutes,
      );
    expect(new Set(await freeOutstation())).toEqual(new Set([15]));
    const { status, json } = await call(A, '/api/partner/waiting-rules', { method: 'PUT', cookie: cookies.a, body: rules });
    expect(new Set(await freeOutstation())).toEqual(new Set([20]));
    expect([status, json.data]).toEqual([200, rules]);
    expect((await call(A, '/api/partner/waiting-rules', { cookie: cookies.a })).json.data).toEqual(rules);
    expect(await airportRules(db, demo, 'MAA')).toMatchObject({ freeWaitingMinutes: 45, blockMinutes: 10, landingBufferMinutes: 40 });
    // the other operator keeps the defaults
    expect((await call(B, '/api/partner/waiting-rules', { cookie: cookies.b })).json.data.freeMinutes.airport).toBe(60);
  });

  it('refuses minutes out of range or not whole, naming the field, and changes nothing', async () => {
    const before = await db.select().from(waitingRules).where(eq(waitingRules.businessId, demo.id));
    for (const [body, field, key] of [
      [{ ...rules, freeMinutes: { ...rules.freeMinutes, airport: -1 } }, 'freeMinutes.airport', 'freeMinutesInvalid'],
      [{ ...rules, freeMinutes: { ...rules.freeMinutes, local: 601 } }, 'freeMinutes.local', 'freeMinutesInvalid'],
      [{ ...rules, freeMinutes: { ...rules.freeMinutes, rental: 1.5 } }, 'freeMinutes.rental', 'freeMinutesInvalid'],
      [{ ...rules, blockMinutes: 0 }, 'blockMinutes', 'blockMinutesInvalid'],
      [{ ...rules, blockMinutes: '15' }, 'blockMinutes', 'blockMinutesInvalid'],
      [{ ...rules, landingBufferMinutes: 241 }, 'landingBufferMinutes', 'landingBufferInvalid'],
    ] as const) {
      const answer = await call(A, '/api/partner/waiting-rules', { method: 'PUT', cookie: cookies.a, body });
      expect([answer.status, answer.json.error.field, answer.json.error.key]).toEqual([400, field, key]);
    }
    expect(await db.select().from(waitingRules).where(eq(waitingRules.businessId, demo.id))).toEqual(before);
  });

  it('keeps the waiting charge on each rate card (major units in the console)', async () => {
    const { json } = await call(A, '/api/partner/rates', { cookie: cookies.a });
    const sedan = json.data.cards.find((c: { vehicleType: string }) => c.vehicleType === 'sedan');
    expect(sedan.waitingCharge).toBe(60);
    const { vehicleType: _v, updatedAt: _u, ...input } = sedan;
    const saved = await call(A, '/api/partner/rates/sedan', { method: 'PUT', cookie: cookies.a, body: { ...input, waitingCharge: 75.5 } });
    expect([saved.status, saved.json.data.waitingCharge]).toEqual([200, 75.5]);
    expect((await airportRules(db, demo, 'MAA'))?.waitingCharges).toContainEqual({ vehicleType: 'sedan', perBlock: 7550 });
    const refused = await call(A, '/api/partner/rates/sedan', { method: 'PUT', cookie: cookies.a, body: { ...input, waitingCharge: -1 } });
    expect([refused.status, refused.json.error.field]).toEqual([400, 'waitingCharge']);
  });
});
