import fs from 'node:fs';
import path from 'node:path';
import { gt, sql } from 'drizzle-orm';
import { outbox, type OutboxMessage } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { runDueJobs } from '@/lib/jobs/queue';
import { registerProvider, type OutgoingMessage } from '@/lib/messaging/providers';
import { rideChangesSettled } from '@/lib/rides/notify';
import { startTripMessages } from '@/lib/rides/trip-messages';
import { backgroundIdle } from '@/lib/whatsapp/background';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { startGraphStandIn } from '../lib/whatsapp/graph-stand-in';
import { describedRoutes, urlFor, type Method, type MethodSpec } from './routes';
import { configureEnv, seedWorld, send, type TenantWorld, type World } from './world';

/*
 * Every API route that sends an SMS, WhatsApp or e-mail to a number or
 * address someone typed does it through deliver() and its message budget
 * (lib/messaging/budget.ts): each route of the router's table is called with
 * its well-formed sample (and the jobs it queued are run); every message that
 * reached a provider or the WhatsApp Graph API must have its outbox row with
 * a purpose, a route that messages must say so in routes.ts (`sends`), and
 * with the operator's budget spent it must refuse visibly: no provider call,
 * a 'refused' row, an answer below 500.
 */

let db: Db;
let world: World;
let graph: Awaited<ReturnType<typeof startGraphStandIn>>;
let stopTrips: () => void;
const sent: { channel: string; message: OutgoingMessage }[] = [];

beforeAll(async () => {
  configureEnv(true);
  graph = await startGraphStandIn();
  process.env.WHATSAPP_API_BASE = graph.base;
  resetEnvForTests();
  db = await openTestDb();
  world = await seedWorld(db);
  for (const channel of ['sms', 'email', 'whatsapp'] as const)
    registerProvider(channel, { name: `${channel}-recorder`, send: async (message) => void sent.push({ channel, message }) });
  stopTrips = startTripMessages(async () => db, {});
}, 300_000);
afterAll(async () => {
  stopTrips();
  for (const channel of ['sms', 'email', 'whatsapp'] as const) registerProvider(channel, undefined);
  await backgroundIdle();
  await graph.close();
  await closeTestDb();
  delete process.env.MESSAGE_DAILY_CAPS;
  configureEnv(false);
});

type Observed = { rows: OutboxMessage[]; providerCalls: number; graphCalls: number; status: number };

const lastOutboxId = async () => Number((await db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)` }).from(outbox))[0].id);

let keys = 0;
/** The route's sample with a fresh idempotency key and phone, so a repeated call is a new request to a new number (the code's resend delay does not answer first, a driver's phone is new to the fleet). */
function sampleOf(spec: MethodSpec, t: TenantWorld): Record<string, unknown> | undefined {
  const body = spec.sample?.(t);
  if (!body) return body;
  keys += 1;
  const number = `98451${String(keys).padStart(5, '0')}`;
  return {
    ...body,
    ...('idempotencyKey' in body ? { idempotencyKey: `budget-${keys}` } : {}),
    ...('phoneNumber' in body ? { phoneNumber: number } : {}),
    // a fresh address too: a code to the same one inside its resend wait is a 429 before any message (a fast run reaches it again within 30 s)
    ...('email' in body ? { email: `desk${keys}@sweep.example` } : {}),
    ...('customerPhone' in body ? { customerPhone: { dialCode: '91', number } } : {}),
    ...('phone' in body ? { phone: { dialCode: '91', number } } : {}),
  };
}

async function observe(routePath: string, method: Method, spec: MethodSpec, t: TenantWorld): Promise<Observed> {
  const from = await lastOutboxId();
  const [providers, graphs] = [sent.length, graph.calls.length];
  const answer = await send({
    method,
    host: t.host,
    path: urlFor(routePath, spec.params?.(t) ?? {}, spec.query?.(t) ?? {}),
    cookie: spec.as === 'anon' ? undefined : t[spec.as].cookie,
    body: spec.body === 'json' || spec.body === 'form' ? sampleOf(spec, t) : undefined,
  });
  // a transition's messages are queued by its listeners after the answer (on PostgreSQL they take real round trips)
  await rideChangesSettled();
  await backgroundIdle();
  await runDueJobs(db, 'budget-sweep');
  await rideChangesSettled();
  const rows = await db.select().from(outbox).where(gt(outbox.id, from));
  return { rows, providerCalls: sent.length - providers, graphCalls: graph.calls.length - graphs, status: answer.status };
}

const SENDING = describedRoutes().filter(({ spec }) => spec.sends);

it('finds the routes that message typed recipients described as sending', () => {
  expect(SENDING.map(({ method, path: p }) => `${method} ${p}`)).toEqual(
    expect.arrayContaining(['POST /api/auth/otp/send', 'POST /api/partner/rides/book', 'POST /api/partner/drivers', 'POST /api/partner/rides/:id']),
  );
});

it('sends every message of every route through deliver() and its budget, and each sending route says so', async () => {
  const problems: string[] = [];
  for (const { path: routePath, method, spec } of describedRoutes()) {
    const seen = await observe(routePath, method, spec, world.a);
    const name = `${method} ${routePath}`;
    const delivered = seen.rows.filter((row) => row.provider !== null);
    if (seen.rows.some((row) => !row.purpose)) problems.push(`${name}: an outbox row without a purpose (not written by deliver())`);
    if (seen.providerCalls + (spec.answers ? 0 : seen.graphCalls) !== delivered.length)
      problems.push(`${name}: ${seen.providerCalls + seen.graphCalls} messages reached a provider, ${delivered.length} through deliver()`);
    if (seen.rows.length && !spec.sends) problems.push(`${name}: sends ${seen.rows.length} message(s) but routes.ts does not say so (sends)`);
    if (seen.status >= 500) problems.push(`${name}: answered ${seen.status}`);
  }
  expect(problems).toEqual([]);
}, 300_000);

it("refuses every sending route's message once the operator's budget is spent: a 'refused' row, no provider call, no 5xx", async () => {
  // the other operator, untouched by the sweep above: each route's first call is one that messages (a ride still booked, an e-mail not yet asked for)
  process.env.MESSAGE_DAILY_CAPS = `${world.b.business.slug}=0`;
  resetEnvForTests();
  for (const { path: routePath, method, spec } of SENDING) {
    const seen = await observe(routePath, method, spec, world.b);
    expect({ route: `${method} ${routePath}`, status: seen.status < 500, providerCalls: seen.providerCalls + seen.graphCalls }).toEqual({
      route: `${method} ${routePath}`,
      status: true,
      providerCalls: 0,
    });
    expect({ route: `${method} ${routePath}`, messaged: seen.rows.length > 0 }).toEqual({ route: `${method} ${routePath}`, messaged: true });
    expect(seen.rows.every((row) => row.status === 'refused' && ['operator_day', 'operator_hour'].includes(row.error ?? ''))).toBe(true);
  }
  // the other operator's budget is its own
  const other = await observe(SENDING[0].path, SENDING[0].method, SENDING[0].spec, world.a);
  expect(other.rows.map((row) => row.status)).not.toContain('refused');
  delete process.env.MESSAGE_DAILY_CAPS;
  resetEnvForTests();
}, 300_000);

it('leaves no way to a provider or the Graph API around deliver(): only lib/messaging reaches them, and the webhook answers', () => {
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : /\.(ts|tsx)$/.test(entry.name) ? [path.join(dir, entry.name)] : []));
  const sources = ['lib', 'components', 'app'].flatMap((dir) => files(dir)).concat('server.ts');
  const reaching = sources.filter((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return /@\/lib\/messaging\/providers|from '\.\/providers'|@\/lib\/whatsapp\/graph|from '\.\/graph'|from 'nodemailer'|import\('nodemailer'\)|channelProvider\(/.test(
      text,
    );
  });
  expect(reaching.sort()).toEqual(['lib/messaging/channel-provider.ts', 'lib/messaging/outbox.ts', 'lib/messaging/providers.ts', 'lib/whatsapp/inbound.ts']);
});
