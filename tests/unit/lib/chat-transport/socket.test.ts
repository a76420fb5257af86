import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import type { Server } from 'socket.io';
import { callApi } from '../../api';
import { createSession } from '@/lib/auth/session';
import type { ChatMessageView } from '@/lib/chat/contract';
import { eq } from 'drizzle-orm';
import { chatMessages, chatSessions, users } from '@/lib/db/schema';
import { LIMITS } from '@/lib/limits/requests';
import { AGENT_MESSAGE_EVENT, USER_MESSAGE_EVENT, type ChatTurnAck } from '@/lib/realtime/chat-events';
import { loadPlaceIndex } from '@/lib/chat/places';
import { attachSocketServer } from '@/lib/realtime/server';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const messagePost = callApi;

let db: Db;
let server: http.Server;
let io: Server;
let origin: string;
let asha: { id: number; cookie: string };
let ravi: { id: number; cookie: string };
let acme: { businessId: number; riderId: number; cookie: string };
const clients: ClientSocket[] = [];

/** The app's HTTP server in miniature: the API router's chat route for POST /api/chat/message, socket.io on the same server. */
async function readBody(req: http.IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw;
}

beforeAll(async () => {
  // The place index is built once per process (seconds); a server warms it at start, so do it here too.
  await loadPlaceIndex();
  db = await openTestDb();
  clearTenantCache();
  const demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  const rider = async (phone: string) => {
    const [user] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name: 'Rider', phoneCode: '91', phone }).returning();
    return { id: user.id, cookie: `__Host-session=${await createSession(db, user)}` };
  };
  asha = await rider('9845033333');
  ravi = await rider('9845044444');
  const acmeBusiness = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  const [acmeRider] = await db
    .insert(users)
    .values({ businessId: acmeBusiness.id, role: 'travelsx-user', name: 'Omar', phoneCode: '971', phone: '501234567' })
    .returning();
  acme = { businessId: acmeBusiness.id, riderId: acmeRider.id, cookie: `__Host-session=${await createSession(db, acmeRider)}` };
  server = http.createServer((req, res) => {
    void (async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const answer =
        req.url === '/api/chat/message' && req.method === 'POST'
          ? await messagePost(new NextRequest(`http://${req.headers.host}${req.url}`, { method: 'POST', headers, body: await readBody(req) }), {
              params: Promise.resolve({}),
            })
          : new Response('not found', { status: 404 });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(await answer.text());
    })();
  });
  io = await attachSocketServer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.disconnect();
  io.close();
  await closeTestDb();
});

function open(chatSession: string | undefined, cookie?: string, from = origin, host?: string): Promise<ClientSocket> {
  const client = connect(origin, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    query: chatSession ? { chatSession } : {},
    extraHeaders: { origin: from, ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) },
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

const nextAgentMessage = (client: ClientSocket, ms = 20_000) =>
  new Promise<ChatMessageView | 'none'>((resolve) => {
    const timer = setTimeout(() => resolve('none'), ms);
    client.once(AGENT_MESSAGE_EVENT, (message: ChatMessageView) => {
      clearTimeout(timer);
      resolve(message);
    });
  });

const say = (client: ClientSocket, chatSession: string, content: unknown): Promise<ChatTurnAck> =>
  client.timeout(10_000).emitWithAck(USER_MESSAGE_EVENT, { role: 'user', content, chatSession, locale: 'en-IN' });

describe('chat over socket.io', () => {
  it('answers userMessage with agentMessage to the room and to the acknowledgement', async () => {
    const chatSession = `${asha.id}-socket0001`;
    const tab = await open(chatSession, asha.cookie);
    const otherTab = await open(chatSession, asha.cookie);
    const heard = [nextAgentMessage(tab), nextAgentMessage(otherTab)];
    const ack = await say(tab, chatSession, 'Book a sedan from Chennai to Bangalore');
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.data.user).toMatchObject({ role: 'user', chatSession, content: { message: 'Book a sedan from Chennai to Bangalore' } });
    const [first, second] = await Promise.all(heard);
    expect(first).toEqual(ack.data.agent);
    expect(second).toEqual(ack.data.agent);
  });

  it("accepts the spec's content object and answers a signed-out socket through the agent", async () => {
    const chatSession = 'guest-socket0002';
    const guest = await open(chatSession);
    const ack = await say(guest, chatSession, { message: 'hello', createIsoTime: new Date().toISOString() });
    expect(ack.ok).toBe(true);
  });

  it('keeps another rider out of a conversation: no join, no messages, the turn refused', async () => {
    const chatSession = `${asha.id}-socket0003`;
    const owner = await open(chatSession, asha.cookie);
    expect((await say(owner, chatSession, 'hello')).ok).toBe(true);
    const intruder = await open(chatSession, ravi.cookie);
    const overheard = nextAgentMessage(intruder, 1500);
    expect((await say(owner, chatSession, 'Chennai to Madurai')).ok).toBe(true);
    expect(await overheard).toBe('none');
    expect(await say(intruder, chatSession, 'cancel my ride')).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
  });

  it(`chat flooding over the socket: turn ${LIMITS.chatPerSession.max + 1} of one conversation is refused (rate_limited), nothing stored`, async () => {
    const chatSession = 'guest-socket-flood';
    const guest = await open(chatSession);
    for (let i = 0; i < LIMITS.chatPerSession.max; i++) expect((await say(guest, chatSession, 'hello')).ok).toBe(true);
    const stored = await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, chatSession));
    expect(await say(guest, chatSession, 'hello')).toEqual({ ok: false, error: { code: 'rate_limited', message: expect.any(String) } });
    expect(await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, chatSession))).toHaveLength(stored.length);
  }, 60_000);

  it('refuses a malformed message in the acknowledgement', async () => {
    const client = await open(undefined, asha.cookie);
    expect(await say(client, 'bad id', 'hello')).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await say(client, `${asha.id}-socket0004`, '   ')).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('refuses a handshake from another origin', async () => {
    await expect(open('guest-socket0005', undefined, 'https://evil.example')).rejects.toThrow();
  });

  it("runs turns on the socket's tenant, refusing another rider and overlong text", async () => {
    const acmeHost = `acme.localhost:${new URL(origin).port}`;
    {
      const chatSession = `${acme.riderId}-socket0006`;
      const client = await open(chatSession, acme.cookie, `http://${acmeHost}`, acmeHost);
      const heard = nextAgentMessage(client);
      const ack = await say(client, chatSession, 'Book a cab from Dubai to Abu Dhabi');
      expect(ack).toMatchObject({ ok: true, data: { user: { chatSession }, agent: { chatSession, role: 'agent' } } });
      if (ack.ok) expect(await heard).toEqual(ack.data.agent);
      const [stored] = await db.select().from(chatSessions).where(eq(chatSessions.id, chatSession));
      expect(stored).toMatchObject({ businessId: acme.businessId, userId: acme.riderId, channel: 'web' });
      const refused = await open(chatSession, ravi.cookie);
      expect(await say(refused, chatSession, 'hi')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(await say(client, chatSession, 'x'.repeat(2001))).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
  });
});
