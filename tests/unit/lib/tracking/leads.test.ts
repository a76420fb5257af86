import { eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { leads } from '@/lib/db/schema';
import { contactFormSchema, parseLead } from '@/lib/leads/schemas';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { call, seedWorld, type World } from './fixture';

const leadRoute = callApi;
const contactRoute = callApi;

let db: Db;
let world: World;

beforeAll(async () => {
  db = await openTestDb();
  world = await seedWorld(db);
});
afterAll(closeTestDb);

const stored = () => db.select().from(leads).where(eq(leads.businessId, world.demo.id));
const postLead = (body: unknown) => call(leadRoute, { method: 'POST', path: '/api/leads', body });
const postContact = (body: unknown) => call(contactRoute, { method: 'POST', path: '/api/leads/contact', body });

const CONTACT = {
  firstName: 'Asha',
  lastName: 'Rao',
  company: 'Rao Tours',
  email: 'Asha@Example.com',
  looking_for_name: 'pricing',
  enquery: 'We run 40 cabs in Madurai and want a price for the partner console.',
};

describe('the lead call', () => {
  it('refuses a lead without a phone with the spec text, storing nothing', async () => {
    const { status, json } = await postLead({ name: 'Asha', email: 'asha@example.com' });
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ message: 'Lead data must include name, email, and phone', field: 'phone' });
    expect(await stored()).toHaveLength(0);
  });

  it('refuses malformed leads with "Invalid lead data provided"', async () => {
    for (const body of [[], 'text', { name: 'Asha', email: 'not-an-email', phone: '+91 98450 00001' }, { name: 'Asha', email: 'a@b.co', phone: 'call me' }]) {
      const { status, json } = await postLead(body);
      expect([status, json.error.message]).toEqual([400, 'Invalid lead data provided']);
    }
    expect(parseLead({ name: ' ', email: 'a@b.co', phone: '123456' })).toMatchObject({
      ok: false,
      message: 'Lead data must include name, email, and phone',
      field: 'name',
    });
    expect(await stored()).toHaveLength(0);
  });

  it('stores a lead with name, e-mail and phone, and a campaign page signup', async () => {
    expect((await postLead({ name: 'Asha', email: 'Asha@Example.com', phone: '+91 98450-00001' })).status).toBe(200);
    expect(
      (await postLead({ name: 'Karthik Travels', email: 'k@travels.example', phone: '+919876500099', source: 'campaign', campaign: 'campaign-driver' })).status,
    ).toBe(200);
    const rows = await stored();
    expect(rows.map(({ source, name, email, phone, campaign }) => ({ source, name, email, phone, campaign }))).toEqual([
      { source: 'lead', name: 'Asha', email: 'asha@example.com', phone: '+919845000001', campaign: null },
      { source: 'campaign', name: 'Karthik Travels', email: 'k@travels.example', phone: '+919876500099', campaign: 'campaign-driver' },
    ]);
  });
});

describe('the contact-us form', () => {
  it('stores the enquiry as a contact lead for the operator', async () => {
    const { status, json } = await postContact(CONTACT);
    expect(status).toBe(200);
    const [lead] = await db.select().from(leads).where(eq(leads.id, json.data.id));
    expect(lead).toMatchObject({
      businessId: world.demo.id,
      source: 'contact',
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: null,
      company: 'Rao Tours',
      lookingFor: 'pricing',
      message: CONTACT.enquery,
    });
  });

  it('requires first name, e-mail, what they look for and a comment, with limits', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '  ' }, 'firstName', 'firstName: First name is required'],
      [{ email: 'nope' }, 'email', 'email: Enter a valid e-mail'],
      [{ looking_for_name: '' }, 'looking_for_name', 'looking_for_name: Choose what you are looking for'],
      [{ looking_for_name: '1' }, 'looking_for_name', 'looking_for_name: Choose what you are looking for'],
      [{ enquery: '' }, 'enquery', 'enquery: Write your message'],
      [{ enquery: 'x'.repeat(2001) }, 'enquery', 'enquery: Use at most 2000 characters'],
      [{ company: 'c'.repeat(101) }, 'company', 'company: Use at most 100 characters'],
    ];
    for (const [change, field, message] of cases) {
      const { status, json } = await postContact({ ...CONTACT, ...change });
      expect([status, json.error.field, json.error.message]).toEqual([400, field, message]);
    }
    expect((await stored()).length).toBe(before);
  });

  it('lets the form leave last name and company empty', () => {
    expect(contactFormSchema.safeParse({ firstName: 'Asha', email: 'a@b.co', looking_for_name: 'meeting', enquery: 'Hi' }).success).toBe(true);
  });

  it('refuses cross-site posts', async () => {
    const { status } = await call(contactRoute, { method: 'POST', path: '/api/leads/contact', body: CONTACT, headers: { origin: 'https://evil.example' } });
    expect(status).toBe(403);
  });
});
