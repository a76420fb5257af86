import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { viaRouter } from '../../api';
import { users, type Business } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { resetEnvForTests } from '@/lib/env';
import { generateForBlog } from '@/lib/blog/generate';
import { blogText } from '@/lib/blog/sanitize';
import { BLOG_LIMITS, createBlogSchema, DESCRIPTION_MIN_CHARS } from '@/lib/blog/schemas';
import type { Tenant } from '@/lib/tenancy/queries';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { activeParts, callJson } from './fixtures';

const generateRoute = viaRouter;

let db: Db;
let demo: Business;
let partner: string;
let rider: string;

const CITIES = [
  { name: 'Chennai', lat: 13.0878, lng: 80.2785 },
  { name: 'Bengaluru', lat: 12.9719, lng: 77.5937 },
  { name: 'Coimbatore', lat: 11.0168, lng: 76.9558 },
];

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Meridian Cabs', countryCode: 'in', phone: '9000000000', cities: CITIES });
  const session = async (role: 'travelsx-partner' | 'travelsx-user', email: string) => {
    const [user] = await db.insert(users).values({ businessId: demo.id, role, email }).returning();
    return `__Host-session=${await createSession(db, { id: user.id, businessId: demo.id })}`;
  };
  partner = await session('travelsx-partner', 'ops@demo.example');
  rider = await session('travelsx-user', 'rider@demo.example');
});
afterAll(closeTestDb);

const generate = (body: unknown, cookie = partner) => callJson(generateRoute.POST, 'POST', '/api/blog/generate', { body, cookie });

describe('the built-in writer (no chat API configured)', () => {
  it("writes an article from the title, keywords and the operator's own cities and fares", async () => {
    const { status, json } = await generate({ title: 'Airport taxi from Bengaluru', keywords: 'airport, night rides' });
    expect(status).toBe(200);
    expect(json.source).toBe('builtin');
    const text: string = json.data;
    expect(text.length).toBeGreaterThanOrEqual(DESCRIPTION_MIN_CHARS);
    // plain text for the Description field: no tags, paragraphs split by blank lines, the title left to the page
    expect(text).not.toMatch(/[<>]|&\w+;/);
    expect(text.startsWith('Airport taxi from Bengaluru\n')).toBe(false);
    expect(text.split('\n\n').length).toBeGreaterThan(5);
    for (const city of ['Chennai', 'Bengaluru', 'Coimbatore']) expect(text).toContain(city);
    expect(text).toContain('Meridian Cabs');
    expect(text).toContain('\n\nSedan: ₹80.00 base fare, then ₹14.00 per km');
    expect(text).toContain('+91 9000000000');
    expect(text).toMatch(/airport and night rides/);
    expect(createBlogSchema.shape.description.safeParse(text).success).toBe(true);
  });

  it('leaves no markup of what the author typed in the text', async () => {
    const { json } = await generate({ title: '<script>window.__xss=1</script> Tips', keywords: '<img src=x onerror=window.__xss=1>' });
    expect(activeParts(json.data)).toEqual([]);
    expect(json.data).not.toMatch(/<script|<img|&lt;|&amp;/);
    expect(json.data).toContain('window.__xss=1 Tips');
  });

  it("suggests keywords from the title and the operator's cities", async () => {
    const { json } = await generate({ field: 'keywords', title: 'Outstation trips from Chennai' });
    expect(json.data).toBe('outstation trips from chennai, chennai taxi, bengaluru taxi, coimbatore taxi, meridian cabs cab booking');
  });

  it('asks for a title first (spec message) and lets only partners generate', async () => {
    const blank = await generate({ title: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.error).toMatchObject({ field: 'title', key: 'titleFirst', message: 'title: Please enter a title first.' });
    expect((await generate({ title: 'Tips' }, rider)).status).toBe(403);
    expect((await generate({ title: 'Tips' }, '')).status).toBe(401);
  });
});

describe('the chat API (OpenAI-compatible stand-in on 127.0.0.1)', () => {
  let server: http.Server;
  let requests: { path: string; auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[];
  let reply: (res: http.ServerResponse) => void;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        requests.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) });
        reply(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.LLM_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
    process.env.LLM_API_KEY = 'test-key';
    process.env.LLM_MODEL = 'writer-1';
    resetEnvForTests();
  });
  beforeEach(() => {
    requests = [];
  });
  afterAll(async () => {
    delete process.env.LLM_BASE_URL;
    delete process.env.LLM_API_KEY;
    delete process.env.LLM_MODEL;
    resetEnvForTests();
    await new Promise((resolve) => server.close(resolve));
  });

  const answer = (status: number, content: unknown) => (res: http.ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status === 200 ? { choices: [{ message: { role: 'assistant', content } }] } : { error: { message: 'down' } }));
  };

  it("sends the spec's prompt with the operator's facts and returns the reply as plain text", async () => {
    const article = `<h1>Dubai airport rides</h1><script>window.__xss=1</script><p onclick="x()">${'Landing late? A driver waits at arrivals with your name. '.repeat(3)}</p><ul><li><strong>Fixed fares</strong> &amp; tolls &lt;b&gt;included&lt;/b&gt;</li></ul><img src=x onerror=window.__xss=1>`;
    reply = answer(200, `Here you go:\n\`\`\`html\n${article}\n\`\`\``);
    const result = await generateForBlog(db, demo as Tenant, { field: 'description', title: 'Dubai airport rides', keywords: 'airport' });
    expect(result.source).toBe('llm');
    expect(result.text).toMatch(/^Landing late\? A driver waits/);
    expect(result.text.endsWith('name.\n\nFixed fares & tolls included')).toBe(true);
    expect(result.text).not.toMatch(/script|onclick|onerror|<|>/);

    const [request] = requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.auth).toBe('Bearer test-key');
    expect(request.body.model).toBe('writer-1');
    const user = request.body.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain(
      'Write a detailed, SEO-friendly blog post for the title "Dubai airport rides" in HTML format. Use <h1>, <h2>, <p>, <ul>, and <strong> tags.',
    );
    const system = request.body.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain('Meridian Cabs');
    expect(system).toContain('Chennai, Bengaluru, Coimbatore');
    expect(system).toContain('₹80.00');
  });

  it('cuts a reply longer than the field takes to its limit, at a word', async () => {
    reply = answer(200, `<p>${'Long road ahead. '.repeat(7000)}</p>`);
    const result = await generateForBlog(db, demo as Tenant, { field: 'description', title: 'Long roads' });
    expect(result.source).toBe('llm');
    expect(result.text.length).toBeLessThanOrEqual(BLOG_LIMITS.descriptionHtml);
    expect(result.text.length).toBeGreaterThan(BLOG_LIMITS.descriptionHtml - 20);
    expect(result.text.endsWith('…')).toBe(true);
    expect(createBlogSchema.shape.description.safeParse(result.text).success).toBe(true);
  });

  it.each([
    ['answers 500', answer(500, null)],
    ['answers with no content', answer(200, '')],
    ['writes too little', answer(200, '<p>Short.</p>')],
  ])('falls back to the built-in writer when the API %s', async (_, behaviour) => {
    reply = behaviour;
    const result = await generateForBlog(db, demo as Tenant, { field: 'description', title: 'Night rides' });
    expect(requests).toHaveLength(1);
    expect(result.source).toBe('builtin');
    expect(blogText(result.text).length).toBeGreaterThanOrEqual(DESCRIPTION_MIN_CHARS);
  });
});
