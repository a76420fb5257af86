#!/usr/bin/env node
// Round-trip time of the built-in booking agent over socket.io: userMessage out, agentMessage back in the
// conversation's room, at 50 concurrent signed-in sessions against the built server on PGlite. Each session
// waits a think time (jittered around thinkMs) between its messages, as people do; thinkMs=0 measures saturation.
// Baseline in the same run: a socket round trip the server answers without the agent (a malformed
// userMessage, refused in its acknowledgement before any database work).
// Afterwards each conversation's stored history is counted: every message must have been answered once.
// Usage: node bench/chat.mjs [messagesPerSession=20] [sessions=50] [thinkMs=500]
import { io } from 'socket.io-client';
import { codeRequestOf, requireBuild, startServer } from './lib.mjs';
import { report } from './report.mjs';

const PER_SESSION = Number(process.argv[2] ?? 20);
const SESSIONS = Number(process.argv[3] ?? 50);
const THINK_MS = Number(process.argv[4] ?? 500);
const BASELINE_PINGS = 20;
/** A reply later than this counts as lost, in ms. */
const REPLY_TIMEOUT_MS = 10_000;
/** One dialogue the built-in agent understands: quote, pick, decline, start over (no bookings, so it can repeat). */
const SCRIPT = ['Book a non-AC sedan one-way from Chennai to Bangalore tomorrow at 8 PM', 'sedan', 'no', 'start over'];

requireBuild();
const server = await startServer(3903);
const { origin } = server;

async function json(path, { method = 'GET', body, cookie, ip } = {}) {
  const res = await fetch(origin + path, {
    method,
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** Signs a rider in by code (read from the dev outbox); returns the session cookie and the user id. */
async function signIn(index) {
  const phoneNumber = `97${String(index).padStart(8, '0')}`;
  const ip = `10.8.${Math.floor(index / 250)}.${index % 250}`;
  const identity = { userType: 'travelsx-user', countryCode: '91', phoneNumber };
  const sent = await fetch(`${origin}/api/auth/otp/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip },
    body: JSON.stringify(identity),
  });
  // the code is written to the outbox once the message is handed over: wait for it (up to 10 s)
  let message;
  for (let tries = 0; !message && tries < 100; tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
    message = (await json(`/api/dev/outbox?to=${encodeURIComponent(`+91${phoneNumber}`)}`)).json?.data?.[0];
  }
  if (!message) throw new Error(`no sign-in code reached the outbox for +91${phoneNumber}`);
  const otp = /\b(\d{6})\b/.exec(message.body)[1];
  const res = await fetch(`${origin}/api/auth/otp/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip, cookie: codeRequestOf(sent.headers) },
    body: JSON.stringify({ ...identity, otp, feature: 'booking-signup', userName: `Chat rider ${index}` }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie').split(';')[0];
  const me = await json('/api/auth/me', { cookie });
  return { cookie, userId: me.json.data.user_id };
}

function connect(chatSession, cookie) {
  const socket = io(origin, { transports: ['websocket'], forceNew: true, query: { chatSession }, extraHeaders: { origin, cookie } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Sends one message and resolves with the round-trip time to the room's agentMessage, or null when none came. */
function turn(socket, chatSession, text) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const timer = setTimeout(() => {
      socket.off('agentMessage', onReply);
      resolve(null);
    }, REPLY_TIMEOUT_MS);
    const onReply = () => {
      clearTimeout(timer);
      resolve(performance.now() - t0);
    };
    socket.once('agentMessage', onReply);
    socket.emit('userMessage', { role: 'user', content: text, chatSession, locale: 'en-IN' });
  });
}

function ping(socket) {
  const t0 = performance.now();
  return socket
    .timeout(REPLY_TIMEOUT_MS)
    .emitWithAck('userMessage', {})
    .then(() => performance.now() - t0);
}

function stats(latencies, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { n: sorted.length, rps: sorted.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99) };
}

const line = (label, s) =>
  `  ${label.padEnd(34)} ${String(s.n).padStart(5)} msgs ${s.rps.toFixed(0).padStart(5)}/s   p50 ${s.p50.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms   p99 ${s.p99.toFixed(1).padStart(6)} ms`;

const sockets = [];
try {
  const riders = [];
  for (let i = 0; i < SESSIONS; i++) riders.push(await signIn(i));
  const sessions = riders.map((r, i) => ({ ...r, chatSession: `${r.userId}-bench${String(i).padStart(4, '0')}` }));
  for (const s of sessions) {
    s.socket = await connect(s.chatSession, s.cookie);
    sockets.push(s.socket);
  }

  // warm-up: the gazetteer load, the chat route (which hands the agent to the socket server), JIT
  for (const s of sessions.slice(0, 3)) for (const text of SCRIPT) await turn(s.socket, s.chatSession, text);
  for (const s of sessions.slice(0, 3)) await turn(s.socket, s.chatSession, 'start over');

  let started = performance.now();
  const pings = [];
  await Promise.all(
    sessions.map(async (s) => {
      for (let i = 0; i < BASELINE_PINGS; i++) pings.push(await ping(s.socket));
    }),
  );
  const baseline = stats(pings, (performance.now() - started) / 1000);

  const rtts = [];
  let lost = 0;
  let extra = 0;
  for (const s of sessions) s.socket.on('agentMessage', () => (s.heard = (s.heard ?? 0) + 1));
  started = performance.now();
  await Promise.all(
    sessions.map(async (s) => {
      for (let i = 0; i < PER_SESSION; i++) {
        if (THINK_MS) await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
        const rtt = await turn(s.socket, s.chatSession, SCRIPT[i % SCRIPT.length]);
        if (rtt === null) lost++;
        else rtts.push(rtt);
      }
    }),
  );
  const agent = stats(rtts, (performance.now() - started) / 1000);

  let storedShort = 0;
  for (const s of sessions) {
    if (s.heard > PER_SESSION) extra += s.heard - PER_SESSION;
    const history = await json(`/api/chat/history?chat_session=${s.chatSession}`, { cookie: s.cookie });
    const warm = sessions.indexOf(s) < 3 ? SCRIPT.length + 1 : 0;
    const expected = 2 * (PER_SESSION + warm);
    if (history.json.data.length < expected) storedShort += expected - history.json.data.length;
  }

  console.log(
    `chat bench (PGlite, built-in agent, ${SESSIONS} concurrent socket.io sessions x ${PER_SESSION} messages, think time ~${THINK_MS} ms; goal: p95 < 100 ms, none lost)`,
  );
  console.log(line('baseline socket ack (no agent)', baseline));
  console.log(line('agent round trip (socket.io)', agent));
  console.log(`  replies lost ${lost}, extra replies ${extra}, stored messages missing ${storedShort}; p95 goal ${agent.p95 < 100 ? 'met' : 'missed'}`);
  report('chat', [
    { label: 'chat round trip p95 (50 sessions)', value: agent.p95, unit: 'ms', baseline: baseline.p95, goal: { op: '<', value: 100 } },
    { label: 'chat replies lost', value: lost + storedShort, unit: '', goal: { op: '==', value: 0 } },
  ]);
} finally {
  for (const socket of sockets) socket.disconnect();
  await server.stop();
}
