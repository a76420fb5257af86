import { signBody } from '@/lib/whatsapp/signature';
import { backgroundIdle } from '@/lib/whatsapp/background';
import { payuAnswer } from '../lib/payments/payu-answer';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { startGraphStandIn } from '../lib/whatsapp/graph-stand-in';
import { ROUTER_ROUTES, ROUTES, STATE_CHANGING, urlFor, type Method } from './routes';
import { changedTables, configureEnv, HOSTS, missingSecurityHeaders, PAYU, seedWorld, send, snapshot, WHATSAPP, type World } from './world';

/*
 * A page on another site must not make a signed-in browser change anything:
 * every POST, PUT, PATCH and DELETE with a foreign Origin (another site,
 * another operator's host, the opaque "null"), or marked cross-site by the
 * browser, is refused with 403 before it is read, and nothing is written.
 * The only routes that take cross-site posts are listed here with what
 * authenticates them instead, and those prove they refuse unsigned input.
 */

const EXEMPT: Record<string, string> = {
  'POST /api/payments/payu/success':
    'PayU posts the rider back from its own site (surl); the reverse hash, SHA-512 over the fields and our salt, authenticates it',
  'POST /api/payments/payu/failure':
    'PayU posts the rider back from its own site (furl); the reverse hash, SHA-512 over the fields and our salt, authenticates it',
  'POST /api/whatsapp/webhook':
    "Meta's servers post inbound messages; X-Hub-Signature-256, an HMAC-SHA256 of the raw body with the app secret, authenticates them",
};

let db: Db;
let world: World;
let graph: Awaited<ReturnType<typeof startGraphStandIn>>;

beforeAll(async () => {
  configureEnv(true);
  graph = await startGraphStandIn();
  process.env.WHATSAPP_API_BASE = graph.base;
  resetEnvForTests();
  db = await openTestDb();
  world = await seedWorld(db);
}, 120_000);
afterAll(async () => {
  await backgroundIdle();
  await graph.close();
  await closeTestDb();
  configureEnv(false);
});

const FOREIGN: { label: string; headers: Record<string, string>; origin: string | null }[] = [
  { label: 'Origin https://evil.example', headers: {}, origin: 'https://evil.example' },
  { label: "another operator's Origin", headers: {}, origin: `http://${HOSTS.b}` },
  { label: 'a look-alike Origin', headers: {}, origin: `http://${HOSTS.a}.evil.example` },
  { label: 'an Origin with credentials', headers: {}, origin: `http://${HOSTS.a}@evil.example` },
  { label: 'Origin null (a sandboxed or file page)', headers: {}, origin: 'null' },
  { label: 'Sec-Fetch-Site cross-site without Origin', headers: { 'sec-fetch-site': 'cross-site' }, origin: null },
];

it('refuses cross-site writes on every state-changing route but the listed callbacks, writing nothing', async () => {
  const t = world.a;
  const failures: string[] = [];
  const seen: string[] = [];
  const before = await snapshot(db);
  // Every state-changing route of the router's own table (a method the suites do not know counts as state-changing too).
  for (const { method, path: routePath } of ROUTER_ROUTES) {
    if (['GET', 'HEAD', 'OPTIONS'].includes(method)) continue;
    const name = `${method} ${routePath}`;
    seen.push(name);
    if (EXEMPT[name]) continue;
    const spec = STATE_CHANGING.includes(method as Method) ? ROUTES[routePath]?.[method as Method] : undefined;
    if (!spec) {
      failures.push(`${name} is not described in routes.ts`);
      continue;
    }
    // A signed-in caller with a well-formed body at the object's real URL: only the origin is wrong.
    const path = urlFor(routePath, spec.params?.(t) ?? {}, spec.query?.(t) ?? {});
    const cookie = spec.as === 'anon' ? undefined : t[spec.as].cookie;
    for (const foreign of FOREIGN) {
      const answer = await send({ method, host: t.host, path, cookie, body: spec.sample?.(t), origin: foreign.origin, headers: foreign.headers });
      if (answer.status !== 403 || answer.json?.error?.code !== 'forbidden')
        failures.push(`${name} with ${foreign.label}: ${answer.status} ${answer.text.slice(0, 160)}`);
      if (missingSecurityHeaders(answer).length) failures.push(`${name} with ${foreign.label}: without ${missingSecurityHeaders(answer).join(', ')}`);
    }
  }
  await backgroundIdle();
  expect(failures).toEqual([]);
  expect(changedTables(before, await snapshot(db))).toEqual([]);
  // The exemptions name real routes, so none can hide a route that was removed or renamed.
  expect(Object.keys(EXEMPT).filter((name) => !seen.includes(name))).toEqual([]);
  expect(seen.length).toBeGreaterThan(40);
});

describe('PayU callbacks (cross-site by design)', () => {
  let form: Record<string, string>;

  beforeAll(async () => {
    const answer = await send({
      method: 'GET',
      path: urlFor('/api/payments/:txnId', { txnId: world.a.txnId }, { locale: 'en-IN' }),
      cookie: world.a.rider.cookie,
    });
    expect(answer.status).toBe(200);
    form = answer.json?.data as Record<string, string>;
  });

  /** What PayU posts back for our form, hashed with `salt`. */
  const answerFor = (status: 'success' | 'failure', salt = PAYU.salt, change: Record<string, string> = {}) => {
    return { ...payuAnswer(form, { status, salt }), ...change };
  };
  const post = async (outcome: 'success' | 'failure', fields: Record<string, string>) => {
    return send({
      method: 'POST',
      path: `/api/payments/payu/${outcome}?locale=en-IN`,
      body: new URLSearchParams(fields).toString(),
      origin: 'https://test.payu.in',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
  };

  it.each(['success', 'failure'] as const)(
    'the %s callback refuses a missing, forged or mis-salted hash and tampered fields, writing nothing',
    async (outcome) => {
      const before = await snapshot(db);
      const forged = [
        { label: 'no hash', fields: (({ hash: _h, ...rest }) => rest)(answerFor(outcome)) },
        { label: 'an empty hash', fields: answerFor(outcome, PAYU.salt, { hash: '' }) },
        { label: 'a made-up hash', fields: answerFor(outcome, PAYU.salt, { hash: 'f'.repeat(128) }) },
        { label: 'a hash with another salt', fields: answerFor(outcome, 'guessedSalt') },
        { label: 'a lower amount after hashing', fields: { ...answerFor(outcome), amount: '1.00' } },
        { label: 'another status after hashing', fields: { ...answerFor(outcome === 'success' ? 'failure' : 'success'), status: outcome } },
        { label: 'another key', fields: answerFor(outcome, PAYU.salt, { key: 'otherKey' }) },
      ];
      const failures: string[] = [];
      for (const { label, fields } of forged) {
        const answer = await post(outcome, fields as Record<string, string>);
        if (answer.status !== 400 || answer.json?.success !== false) failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
      expect(changedTables(before, await snapshot(db))).toEqual([]);
    },
  );

  it("accepts the gateway's correctly hashed cross-site post (what the exemption is for)", async () => {
    const answer = await post('success', answerFor('success'));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/confirmed/);
    expect(missingSecurityHeaders(answer)).toEqual([]);
  });
});

describe('the WhatsApp webhook (cross-site by design)', () => {
  const message = (text: string, type = 'text') => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: WHATSAPP.phoneId },
              contacts: [{ wa_id: '919845012345', profile: { name: 'Asha' } }],
              messages: [
                {
                  from: '919845012345',
                  id: `wamid.${text.length}${Date.now()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type,
                  ...(type === 'text' ? { text: { body: text } } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const post = async (raw: string, signature?: string) => {
    return send({
      method: 'POST',
      path: '/api/whatsapp/webhook',
      body: raw,
      origin: 'https://evil.example',
      headers: { 'sec-fetch-site': 'cross-site', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    });
  };

  it('refuses an unsigned, forged or otherwise-keyed delivery with 401, writing nothing', async () => {
    const raw = JSON.stringify(message('Book a taxi from Chennai to Bengaluru'));
    const before = await snapshot(db);
    const tries = [
      { label: 'no signature', signature: undefined },
      { label: 'a made-up signature', signature: `sha256=${'0'.repeat(64)}` },
      { label: 'a signature without its prefix', signature: signBody(raw, WHATSAPP.secret).slice('sha256='.length) },
      { label: 'a signature with another secret', signature: signBody(raw, 'guessed-secret') },
      { label: 'the signature of another body', signature: signBody(`${raw} `, WHATSAPP.secret) },
    ];
    const failures: string[] = [];
    for (const { label, signature } of tries) {
      const answer = await post(raw, signature);
      if (answer.status !== 401) failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 160)}`);
    }
    await backgroundIdle();
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot(db))).toEqual([]);
    expect(graph.calls).toEqual([]);
  });

  it("accepts Meta's correctly signed cross-site delivery and answers the sender (what the exemption is for)", async () => {
    // A photo gets the "text only" reply straight away, without an agent turn.
    const raw = JSON.stringify(message('', 'image'));
    const answer = await post(raw, signBody(raw, WHATSAPP.secret));
    await backgroundIdle();
    expect(answer.status).toBe(200);
    expect(graph.calls.map((c) => c.body.to)).toEqual(['919845012345']);
  });
});
