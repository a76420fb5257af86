/**
 * @jest-environment node
 */
import { createPost } from '@/lib/blog/commands';
import { postBySlug } from '@/lib/blog/queries';
import type { DomainError } from '@/lib/errors/domain-error';
import { HTTP_STATUS } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { createBusiness } from '@/lib/tenancy/commands';
import { findTenantBySlug, type Tenant } from '@/lib/tenancy/queries';
import { closeTestDb, openTestDb } from '../../db';
import { LONG_TEXT } from './fixtures';

let db: Db;
let india: Tenant;
let emirates: Tenant;

beforeAll(async () => {
  db = await openTestDb();
  await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  india = (await findTenantBySlug('demo', db))!;
  emirates = (await findTenantBySlug('acme', db))!;
});
afterAll(closeTestDb);

const input = (slug: string, language?: string) => ({
  title: 'Outstation cabs',
  slug,
  keywords: 'outstation',
  description: LONG_TEXT,
  image: 'https://images.example/cover.jpg',
  language,
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; field?: string; key?: string } | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const { kind, field, key } = error as DomainError;
    return { status: HTTP_STATUS[kind], field, key };
  }
}

describe('the language of a new post', () => {
  it("refuses a language the operator's market does not offer, naming the field, and stores nothing", async () => {
    expect(await refusal(createPost(db, india, null, input('arabic-in-india', 'ar')))).toEqual({ status: 400, field: 'language', key: 'languageInvalid' });
    expect(await postBySlug(db, india.id, 'arabic-in-india')).toBeUndefined();
  });

  it("publishes in a language the market offers, and in the operator's language when none is given", async () => {
    expect((await createPost(db, india, null, input('tamil-post', 'ta'))).language).toBe('ta');
    expect((await createPost(db, emirates, null, input('arabic-post', 'ar'))).language).toBe('ar');
    expect((await createPost(db, india, null, input('default-post'))).language).toBe('en');
  });
});
