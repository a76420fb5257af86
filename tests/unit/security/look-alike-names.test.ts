import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { callApi } from '../api';
import { businesses, outbox } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { ensurePlatformTenant } from '@/lib/tenancy/platform-seed';
import { nameSkeleton } from '@/lib/contact/name-skeleton';
import { updateProfile } from '@/lib/settings/commands';
import { createBusinessForSignup } from '@/lib/auth/signup';
import { businessNameSchema } from '@/lib/contact/identifiers';
import { profileSchema } from '@/lib/settings/schemas';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { closeTestDb, openTestDb } from '../db';
import { codeRequestJar } from '../code-request';

/*
 * Look-alike names (issue 35 §10): an attacker signs up (or renames to) a
 * name that reads like another operator's, or like the platform's own name,
 * with zero-width characters, Cyrillic letters drawn like Latin ones,
 * full-width forms or a right-to-left override. Each is refused with a 4xx
 * JSON answer naming the problem, and nothing is created, sent or renamed.
 */

let db: Db;
let attackerId: number;
const PLATFORM = 'platform.localhost:3000';
let ip = 0;
const browser = codeRequestJar();

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  await createBusiness(db, { slug: 'sunrise', name: 'Sunrise Cabs', countryCode: 'in' });
  attackerId = (await createBusiness(db, { slug: 'attacker', name: 'Harbour Line', countryCode: 'in' })).id;
  await ensurePlatformTenant(db);
});
afterAll(closeTestDb);

async function send(businessName: string, email = 'mallory@attacker.example') {
  const res = browser.capture(
    await callApi(
      new Request(`http://${PLATFORM}/api/auth/otp/send`, {
        method: 'POST',
        body: JSON.stringify({ userType: 'travelsx-partner', feature: 'signup', email, businessName, countryCode: '91', phoneNumber: '9845012345' }),
        headers: {
          host: PLATFORM,
          origin: `http://${PLATFORM}`,
          'content-type': 'application/json',
          'x-travelsx-client-ip': `10.35.10.${++ip % 250}`,
          ...(browser.cookie ? { cookie: browser.cookie } : {}),
        },
      }),
    ),
  );
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: (await res.json()) as { success: boolean; error?: { code: string; field?: string; key?: string; message: string } },
  };
}
const businessCount = async () => (await db.select({ n: count() }).from(businesses))[0].n;
const sentTo = async (to: string) => (await db.select().from(outbox).where(eq(outbox.recipient, to))).length;

/** Look-alikes of "Sunrise Cabs" and of the platform's "Travelsx", one per trick. */
const LOOK_ALIKES: [trick: string, name: string][] = [
  ['zero-width space', 'Sun\u200Brise Cabs'],
  ['zero-width joiner and word joiner', 'Sunrise\u200D\u2060Cabs'],
  ['soft hyphen', 'Sun\u00ADrise Cabs'],
  ['Cyrillic look-alikes', '\u0405unr\u0456\u0455e \u0421\u0430bs'],
  ['Greek look-alikes', 'Sunrise \u039Fabs'.replace('\u039F', 'C').replace('Sunrise', 'Sunr\u03B9se')],
  ['full-width letters', '\uFF33\uFF55\uFF4E\uFF52\uFF49\uFF53\uFF45 \uFF23\uFF41\uFF42\uFF53'],
  ['punctuation between the words', 'Sunrise-Cabs!'],
  ['platform: Cyrillic and zero-width', '\u0422r\u0430v\u0435l\u200Bs\u0445'],
  ['platform: full-width', '\uFF34\uFF52\uFF41\uFF56\uFF45\uFF4C\uFF53\uFF58'],
];

describe('nameSkeleton', () => {
  it('gives every look-alike the skeleton of the name it imitates, and different names different skeletons', () => {
    for (const [trick, name] of LOOK_ALIKES) expect([trick, nameSkeleton(name)]).toEqual([trick, trick.startsWith('platform') ? 'travelsx' : 'sunrisecabs']);
    expect(nameSkeleton('Sunrise\u202ECabs')).toBe('sunrisecabs');
    expect(nameSkeleton('Sunset Cabs')).not.toBe(nameSkeleton('Sunrise Cabs'));
    // names in other scripts keep their letters and marks (a Tamil and a Hindi name stay themselves)
    expect(nameSkeleton('ராஜா கேப்ஸ்')).toBe('ராஜாகேப்ஸ்');
    expect(nameSkeleton('मुंबई टैक्सी')).not.toBe(nameSkeleton('मुंबई टैक्स'));
  });

  it('refuses bidirectional override and isolate characters, and names with nothing visible', () => {
    for (const char of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const parsed = businessNameSchema.safeParse(`Sunrise ${char}sbaC`);
      expect([char.codePointAt(0)!.toString(16), parsed.success, parsed.error?.issues[0].message]).toEqual([
        char.codePointAt(0)!.toString(16),
        false,
        'businessNameBidi',
      ]);
    }
    expect(businessNameSchema.safeParse('\u200B\u200B').error?.issues[0].message).toBe('businessNameRequired');
    expect(businessNameSchema.safeParse('Sunset Cabs').success).toBe(true);
  });
});

describe('signup with a look-alike name', () => {
  it.each(LOOK_ALIKES)('refuses %s with 409 business_name_taken and sends and creates nothing', async (_trick, name) => {
    const before = await businessCount();
    const sent = await send(name);
    expect([sent.status, sent.type, sent.body.success, sent.body.error?.code, sent.body.error?.field]).toEqual([
      409,
      expect.stringContaining('application/json'),
      false,
      'business_name_taken',
      'businessName',
    ]);
    expect(sent.body.error?.message).toMatch(/already uses this business name/);
    expect(await businessCount()).toBe(before);
    expect(await sentTo('mallory@attacker.example')).toBe(0);
  });

  it('refuses a right-to-left override with 400 naming the hidden direction characters', async () => {
    const before = await businessCount();
    // shows as "Sunrise Cabs" once the override reverses "sbaC"
    const sent = await send('Sunrise \u202EsbaC');
    expect([sent.status, sent.body.success, sent.body.error?.field]).toEqual([400, false, 'businessName']);
    expect(sent.body.error?.message).toMatch(/hidden text-direction characters \(such as a right-to-left override\)/);
    expect(await businessCount()).toBe(before);
    expect(await sentTo('mallory@attacker.example')).toBe(0);
  });

  it('accepts a genuinely different name', async () => {
    const sent = await send('Sunset Cabs', 'honest@operator.example');
    expect([sent.status, sent.body.success]).toEqual([200, true]);
    expect(await sentTo('honest@operator.example')).toBe(1);
  });
});

describe('renaming to a look-alike', () => {
  it("is refused (nameTaken) for another operator's name and the platform's, and the name stays", async () => {
    for (const [trick, name] of LOOK_ALIKES) {
      const refused = await updateProfile(db, attackerId, { name }).then(
        () => 'saved',
        (error: { key?: string }) => error.key,
      );
      expect([trick, refused]).toEqual([trick, 'nameTaken']);
    }
    const [row] = await db.select().from(businesses).where(eq(businesses.id, attackerId));
    expect([row.name, row.nameKey]).toEqual(['Harbour Line', 'harbourline']);
  });

  it('holds the skeleton in the database: a direct insert of a look-alike fails on the unique index', async () => {
    await expect(createBusiness(db, { slug: 'sunrise-2', name: '\u0405unrise Cabs', countryCode: 'in' })).rejects.toThrow();
    await updateProfile(db, attackerId, { name: 'Harbour Line Cabs' });
    const [row] = await db.select().from(businesses).where(eq(businesses.id, attackerId));
    expect(row.nameKey).toBe('harbourlinecabs');
  });
});

describe('the migration that added name_key', () => {
  it('backfills existing rows with the skeleton the code draws (same look-alike table, same characters left out)', async () => {
    const migration = fs.readFileSync(path.join(process.cwd(), 'lib/db/migrations/0020_name-skeleton.sql'), 'utf8');
    const expression = /SET "name_key" = (regexp_replace\(.*'g'\));/.exec(migration)![1];
    const [, from, to] = /'([^']+)', '([^']+)'\)\), /.exec(expression)!;
    expect([...from].map((char) => nameSkeleton(char))).toEqual([...to].map((char) => char.toLowerCase()));
    const names = [
      ...LOOK_ALIKES.map(([, name]) => name),
      'Sunrise \u202EsbaC',
      'ΤΑΞΙ Αθήνα',
      'Такси Москва',
      'ராஜா கேப்ஸ்',
      'मुंबई टैक्सी',
      "O'Brien & Sons (Cabs) €",
    ];
    const rows = await db.execute<{ name: string; key: string }>(
      sql.raw(`select "name", ${expression} as "key" from (values ${names.map((name) => `('${name.replaceAll("'", "''")}')`).join(', ')}) as "t"("name")`),
    );
    for (const row of rowsOf(rows) as { name: string; key: string }[]) expect([row.name, row.key]).toEqual([row.name, nameSkeleton(row.name)]);
  });
});

describe('short names (issue 35 §10)', () => {
  let sunriseId: number;
  beforeAll(async () => {
    [{ id: sunriseId }] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.slug, 'sunrise'));
  });
  const saveShort = (businessId: number, name: string, shortName: string | null) =>
    updateProfile(db, businessId, { name, shortName }).then(
      () => 'saved',
      (error: { key?: string; field?: string; kind?: string }) => `${error.key} ${error.field}`,
    );
  const attackerRow = async () => (await db.select().from(businesses).where(eq(businesses.id, attackerId)))[0];

  it("refuses a short name reading like another operator's name or the platform's (shortNameTaken, field shortName), and keeps the old one", async () => {
    expect(await saveShort(attackerId, 'Harbour Line Cabs', 'Harbour')).toBe('saved');
    for (const [trick, name] of LOOK_ALIKES) {
      expect([trick, await saveShort(attackerId, 'Harbour Line Cabs', name)]).toEqual([trick, 'shortNameTaken shortName']);
    }
    const row = await attackerRow();
    expect([row.shortName, row.shortNameKey]).toEqual(['Harbour', 'harbour']);
  });

  it("refuses a look-alike of another operator's short name, also in the database's unique index", async () => {
    expect(await saveShort(sunriseId, 'Sunrise Cabs', 'Sunrise')).toBe('saved');
    for (const name of ['\u0405unr\u0456\u0455e', 'SUNR\u0399SE', '\uFF33\uFF55\uFF4E\uFF52\uFF49\uFF53\uFF45', 'Sun\u200Brise', 'Sun-rise']) {
      expect([name, await saveShort(attackerId, 'Harbour Line Cabs', name)]).toEqual([name, 'shortNameTaken shortName']);
    }
    await expect(db.update(businesses).set({ shortName: 'Sunrise', shortNameKey: 'sunrise' }).where(eq(businesses.id, attackerId))).rejects.toThrow();
    expect((await attackerRow()).shortName).toBe('Harbour');
  });

  it("refuses a name reading like another operator's short name", async () => {
    expect(await saveShort(attackerId, 'Sunr\u0456se', 'Harbour')).toBe('nameTaken name');
    expect((await attackerRow()).name).toBe('Harbour Line Cabs');
  });

  it('accepts a genuinely different short name, one reading like the operator’s own name, and clearing it', async () => {
    expect(await saveShort(attackerId, 'Harbour Line Cabs', 'Sunset')).toBe('saved');
    expect(await saveShort(attackerId, 'Harbour Line Cabs', 'HarbourLine')).toBe('saved');
    expect(await saveShort(sunriseId, 'Sunrise Cabs', 'Sunrise Cabs')).toBe('saved');
    expect(await saveShort(attackerId, 'Harbour Line Cabs', '🚕')).toBe('saved');
    expect((await attackerRow()).shortNameKey).toBeNull();
    expect(await saveShort(attackerId, 'Harbour Line Cabs', null)).toBe('saved');
    const row = await attackerRow();
    expect([row.shortName, row.shortNameKey]).toEqual([null, null]);
    // the short name Sunrise Cabs freed ("Sunrise") is free for another operator now
    expect(await saveShort(attackerId, 'Harbour Line Cabs', 'Sunrise')).toBe('saved');
  });

  it("lets only one win when a name and another operator's short name race to read alike (a rename, then a signup)", async () => {
    // the unique indexes hold name against name and short name against short name; across the two columns only
    // the names lock orders the read and the write, so here both would pass their read and both be stored
    for (let round = 0; round < 5; round += 1) {
      const name = `Lighthouse Cabs ${round}`;
      const outcomes = await Promise.all([saveShort(attackerId, name, 'Harbour'), saveShort(sunriseId, 'Sunrise Cabs', `Lighthouse  CABS ${round}`)]);
      expect([round, outcomes.filter((o) => o === 'saved').length]).toEqual([round, 1]);
      const [{ holders }] = await db
        .select({ holders: count() })
        .from(businesses)
        .where(sql`${businesses.nameKey} = ${nameSkeleton(name)} or ${businesses.shortNameKey} = ${nameSkeleton(name)}`);
      expect(holders).toBe(1);
    }
    expect(await saveShort(attackerId, 'Harbour Line Cabs', 'Harbour')).toBe('saved');
    const signups = await Promise.all([
      createBusinessForSignup(db, { name: 'Beacon Cabs', email: 'beacon@example.com', role: 'travelsx-partner', country: 'in', lang: 'en' }).then(
        () => 'saved',
        (error: { code?: string }) => error.code,
      ),
      saveShort(sunriseId, 'Sunrise Cabs', 'Beacon Cabs'),
    ]);
    expect(signups.filter((o) => o === 'saved')).toHaveLength(1);
    expect(await saveShort(sunriseId, 'Sunrise Cabs', 'Sunrise')).toBe('saved');
  });

  it('refuses bidirectional controls in the form, and takes a short name of invisible characters alone as none', () => {
    for (const char of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const parsed = profileSchema.safeParse({ name: 'Harbour Line Cabs', shortName: `Sun${char}sbaC` });
      expect([char.codePointAt(0)!.toString(16), parsed.success, parsed.error?.issues[0].path, parsed.error?.issues[0].message]).toEqual([
        char.codePointAt(0)!.toString(16),
        false,
        ['shortName'],
        'businessNameBidi',
      ]);
    }
    expect(profileSchema.parse({ name: 'Harbour Line Cabs', shortName: '\u200B\u2060 ' }).shortName).toBeNull();
    expect(profileSchema.parse({ name: 'Harbour Line Cabs', shortName: ' Harbour ' }).shortName).toBe('Harbour');
  });

  it('the migration backfills short_name_key with the expression 0020 backfills name_key with', () => {
    const read = (file: string) => fs.readFileSync(path.join(process.cwd(), 'lib/db/migrations', file), 'utf8');
    const names = /SET "name_key" = (regexp_replace\(.*'g'\));/.exec(read('0020_name-skeleton.sql'))![1];
    const shorts = /SET "short_name_key" = NULLIF\((regexp_replace\(.*'g'\)), ''\)/.exec(read('0021_shortname-skeleton.sql'))![1];
    expect(shorts).toBe(names.replace('normalize("name", NFKC)', 'normalize("short_name", NFKC)'));
  });
});
