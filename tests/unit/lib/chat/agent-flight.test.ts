import { users } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { handleUserMessage } from '@/lib/chat/service';
import { resetEnvForTests } from '@/lib/env';
import { localDate } from '@/lib/time/zoned';
import type { ChatActor } from '@/lib/chat/contract';
import type { Db } from '@/lib/db/client';
import en from '@/messages/en.json';
import { closeTestDb, openTestDb } from '../../db';
import { startFlightStandIn, type StandInFlight } from '../../../e2e/support/flight-status-stand-in';

/*
 * Issue 30 in the chat: an airport pickup asks for the flight, and a flight
 * that lands at another airport gets the booking's own clear refusal, checked
 * against the flight-status provider stand-in (AeroDataBox's format).
 */

let db: Db;
let demoId: number;
let rider: ChatActor;
let standIn: Awaited<ReturnType<typeof startFlightStandIn>>;
const ENV = ['FLIGHT_STATUS_PROVIDER', 'FLIGHT_STATUS_API_KEY', 'FLIGHT_STATUS_API_BASE', 'FLIGHT_STATUS_TIMEOUT_MS'] as const;

const TOMORROW = localDate(new Date(Date.now() + 86_400_000), 'Asia/Kolkata');
const at = (hhmm: string) => new Date(`${TOMORROW}T${hhmm}:00+05:30`).toISOString();
const flight = (number: string, origin: string, destination: string): StandInFlight => ({
  number,
  origin,
  destination,
  scheduledDeparture: at('07:20'),
  scheduledArrival: at('10:00'),
});

function chat(chatSession: string) {
  return async (text: string) => (await handleUserMessage(db, { businessId: demoId, chatSession, channel: 'web', actor: rider, locale: 'en-IN', text })).agent;
}

beforeAll(async () => {
  standIn = await startFlightStandIn();
  Object.assign(process.env, {
    FLIGHT_STATUS_PROVIDER: 'aerodatabox',
    FLIGHT_STATUS_API_KEY: 'adb-test-key-0001',
    FLIGHT_STATUS_API_BASE: standIn.url,
    FLIGHT_STATUS_TIMEOUT_MS: '4000',
  });
  resetEnvForTests();
  db = await openTestDb();
  demoId = (await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000' })).id;
  const [user] = await db.insert(users).values({ businessId: demoId, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845012345' }).returning();
  rider = { userId: user.id, role: user.role, name: user.name };
  for (const f of [flight('AI302', 'DEL', 'MAA'), flight('6E123', 'BOM', 'BLR')])
    await fetch(`${standIn.url}/_flights`, { method: 'POST', body: JSON.stringify(f) });
}, 60_000);

afterAll(async () => {
  for (const key of ENV) delete process.env[key];
  resetEnvForTests();
  await closeTestDb();
  await standIn.close();
});

describe('the flight of an airport pickup in the chat', () => {
  it('asks for it, refuses a flight that lands at another airport with the clear mismatch, then quotes with one that lands here', async () => {
    const say = chat('flight-mismatch-0001');
    expect((await say('from Chennai airport to Tambaram at 2 pm tomorrow')).content.message).toBe(en.ChatAgent.askFlight);
    const wrong = en.Validation.flightWrongAirport.replace('{flight}', '6E 123').replace('{other}', 'BLR').replace('{airport}', 'MAA');
    const refused = await say('6E 123');
    expect(refused.content.message).toBe(`${wrong}.\n${en.ChatAgent.askFlight}`);
    expect(refused.data).toBeUndefined();
    const quoted = await say('AI 302');
    expect(quoted.data?.kind).toBe('quotes');
    expect(quoted.content.message).toContain('Flight AI302 lands at');
  });
});
