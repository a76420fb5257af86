import { and, eq } from 'drizzle-orm';
import { rides, users } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { handleUserMessage } from '@/lib/chat/service';
import { customerParts } from '@/lib/chat/agent-customer';
import type { ChatActor } from '@/lib/chat/contract';
import type { Db } from '@/lib/db/client';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import { closeTestDb, openTestDb } from '../../db';

/*
 * The console's AI agent books for a customer on the phone (issue 37): it takes
 * the customer's name and phone in one message or in two, in either order,
 * remembers what it has and asks only for what is missing, in the operator's
 * words ("the customer's name", "the customer's phone number").
 */

let db: Db;
let demoId: number;
let staff: ChatActor;
let session = 0;

const T = en.ChatAgent;

function chat(locale = 'en-IN') {
  const chatSession = `console-customer-${String(++session).padStart(4, '0')}`;
  return async (text: string) => (await handleUserMessage(db, { businessId: demoId, chatSession, channel: 'web', actor: staff, locale, text })).agent;
}

/** Quotes a trip and confirms a sedan: the next "yes" asks for the customer. */
async function confirmed(locale = 'en-IN') {
  const say = chat(locale);
  await say('sedan from Chennai to Bangalore tomorrow 8 PM');
  expect((await say('yes')).data?.kind).toBe('confirm');
  return say;
}

async function customerOf(rideNumber: number) {
  const [row] = await db
    .select({ name: users.name, phoneCode: users.phoneCode, phone: users.phone, role: users.role })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.riderId))
    .where(and(eq(rides.businessId, demoId), eq(rides.number, rideNumber)));
  return row;
}

beforeAll(async () => {
  db = await openTestDb();
  demoId = (await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000' })).id;
  const [desk] = await db.insert(users).values({ businessId: demoId, role: 'travelsx-partner', name: 'Desk', email: 'desk@demo.example' }).returning();
  staff = { userId: desk.id, role: desk.role, name: desk.name };
}, 60_000);
afterAll(closeTestDb);

describe("the console's agent takes the customer's name and phone across messages", () => {
  it('books with the name, then the phone, asking only for the phone in between', async () => {
    const say = await confirmed();
    expect((await say('yes')).content.message).toBe(T.askCustomer);
    expect((await say('Priya Raman')).content.message).toBe(T.askCustomerPhone);
    const booked = await say('98450 11111');
    if (booked.data?.kind !== 'booked') throw new Error(`not booked: ${booked.content.message}`);
    expect(booked.content.message).toMatch(/^Booked! Ride #\d+ for Priya Raman: /);
    expect(await customerOf(booked.data.rideId)).toEqual({ name: 'Priya Raman', phoneCode: '91', phone: '9845011111', role: 'travelsx-user' });
  });

  it('books with the phone, then the name, asking only for the name in between', async () => {
    const say = await confirmed();
    await say('yes');
    expect((await say('+91 98450 22222')).content.message).toBe(T.askCustomerName);
    const booked = await say("the customer's name is Meena Iyer");
    if (booked.data?.kind !== 'booked') throw new Error(`not booked: ${booked.content.message}`);
    expect(await customerOf(booked.data.rideId)).toMatchObject({ name: 'Meena Iyer', phone: '9845022222' });
  });

  it('still books with both in one message', async () => {
    const say = await confirmed();
    await say('yes');
    const booked = await say('Omar Khan 98450 33333');
    if (booked.data?.kind !== 'booked') throw new Error(`not booked: ${booked.content.message}`);
    expect(await customerOf(booked.data.rideId)).toMatchObject({ name: 'Omar Khan', phone: '9845033333' });
  });

  it('does not loop: a message that is neither asks again only for what is missing, and the answer then books', async () => {
    const say = await confirmed();
    await say('yes');
    expect((await say('Lakshmi Nair')).content.message).toBe(T.askCustomerPhone);
    expect((await say('yes')).content.message).toBe(T.askCustomerPhone);
    expect((await say('98450 44444')).data?.kind).toBe('booked');
  });

  it("asks in the operator's language", async () => {
    const say = await confirmed('hi-IN');
    await say('yes');
    expect((await say('Priya Raman')).content.message).toBe(hi.ChatAgent.askCustomerPhone);
  });
});

describe('customerParts', () => {
  it.each([
    ['Priya Raman', { name: 'Priya Raman' }],
    ['98450 12345', { dialCode: '91', number: '9845012345' }],
    ['+971 50 123 4567 Omar', { name: 'Omar', dialCode: '971', number: '501234567' }],
    ['her number is 98450 12345', { dialCode: '91', number: '9845012345' }],
    ['12', {}],
    ['please book it for the customer who called me this morning about the airport', { name: undefined }],
  ])('reads %j', (text, parts) => {
    expect(customerParts(text, 'in')).toEqual(parts);
  });
});
