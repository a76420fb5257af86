// Shared helpers for the HTTP benchmarks: start the built server pinned to CPU 0, drive load with
// wrk pinned to CPU 1, same-run baselines (bare Node http, nginx), parse wrk's --latency output.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function requireBuild() {
  if (!fs.existsSync(path.join(root, '.next/BUILD_ID')) || !fs.existsSync(path.join(root, 'dist/server.mjs'))) {
    console.error('No production build: run `npm run build` first.');
    process.exit(1);
  }
}

/** SIGTERM to a child process; resolves once it has gone (at once when it already has). */
export async function stopChild(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await gone;
}

/** CPUs: the server under test and the baselines on SERVER_CPU, wrk on LOAD_CPU (see bench/README.md). */
export const SERVER_CPU = Number(process.env.BENCH_SERVER_CPU ?? 0);
export const LOAD_CPU = Number(process.env.BENCH_LOAD_CPU ?? 1);
const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((p) => fs.existsSync(p));

/** [cmd, args] that run `cmd args` pinned to `cpu` with taskset (every thread and child inherits it); unpinned when cpu is null. */
export function pinned(cpu, cmd, args) {
  if (cpu === null || cpu === undefined) return [cmd, args];
  if (!TASKSET) throw new Error('taskset is missing (Debian: apt-get install util-linux)');
  return [TASKSET, ['-c', String(cpu), cmd, ...args]];
}

/**
 * Extra node flags for the server under test: BENCH_CPU_PROF=dir writes a V8 CPU profile there on exit;
 * BENCH_TRACE_GC=file logs every garbage collection (`--trace-gc`) to that file (see serverStdout);
 * BENCH_NODE_ARGS adds flags of your own (space-separated).
 */
/** The server's stdout: the GC log file under BENCH_TRACE_GC, else nowhere. */
const serverStdout = () => (process.env.BENCH_TRACE_GC ? fs.openSync(process.env.BENCH_TRACE_GC, 'w') : 'ignore');

function serverNodeArgs() {
  const dir = process.env.BENCH_CPU_PROF;
  const own = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [...own, ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []), ...(dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [])];
}

/**
 * The server build a bench runs: dist/server.mjs, or BENCH_SERVER (a path under the repository, such as a copy of an
 * older build in dist/, so its packages resolve from node_modules); bench/ab.mjs passes its two builds here.
 */
export function serverScript(script = process.env.BENCH_SERVER) {
  const file = path.resolve(root, script || 'dist/server.mjs');
  if (!fs.existsSync(file)) throw new Error(`no server build at ${file} (npm run build makes dist/server.mjs)`);
  if (path.relative(root, file).startsWith('..')) throw new Error(`${file}: a server build must be inside the repository, where its packages resolve`);
  return file;
}

/** Starts the server build (`serverScript`) on a fresh PGlite data directory; resolves when /api/health answers. `cpu`: pin it with taskset. */
export async function startServer(port, env = {}, { cpu = null, script } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const [cmd, args] = pinned(cpu, process.execPath, [...serverNodeArgs(), serverScript(script)]);
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['ignore', serverStdout(), 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      DEV_OUTBOX: '1',
      TRUST_PROXY: '1',
      // as the demo start: a secrets key generated into the data directory (production refuses to start without one)
      SECRETS_KEY_AUTO: '1',
      GOOGLE_MAPS_API_KEY: '',
      ...env,
    },
  });
  // a server that dies during a run says so (wrk would only see refused connections)
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`bench: the server (pid ${child.pid}, port ${port}) exited during the run: code ${code}, signal ${signal}\n`);
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited during start-up (code ${child.exitCode}, signal ${child.signalCode})`);
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) break;
    } catch {}
    if (Date.now() - started > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://localhost:${port}`,
    pid: child.pid,
    async stop() {
      stopping = true;
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `total` calls of `task(i, client)` over `clients` concurrent loops; returns latencies (ms) and wall time. */
export async function closedLoop(total, clients, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        await task(i, client);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export function summary({ latencies, seconds }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { rps: latencies.length / seconds, p50: pct(50), p99: pct(99) };
}

export function row(label, s, base) {
  const ratio = base ? `  (x${(s.p99 / base.p99).toFixed(1)} baseline p99)` : '';
  return `  ${label.padEnd(28)} ${s.rps.toFixed(0).padStart(6)}/s   p50 ${s.p50.toFixed(1).padStart(6)} ms   p99 ${s.p99.toFixed(1).padStart(6)} ms${ratio}`;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A free TCP port on the loopback interface (the kernel picks it; released before returning). */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts dist/server.mjs on a data directory the caller owns (kept on stop, so a
 * later launch can reopen it); resolves when /api/health answers, rejects with
 * the tail of the server's stderr if it exits first. `readyMs` is spawn to first 200.
 * `nodeArgs`: more node flags; `stdout`: where the server's stdout goes (a file descriptor, or 'ignore').
 */
export async function launchServer(port, { dataDir, env = {}, timeoutMs = 60_000, cpu = null, nodeArgs = [], stdout = serverStdout(), script }) {
  const [cmd, args] = pinned(cpu, process.execPath, [...serverNodeArgs(), ...nodeArgs, serverScript(script)]);
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['ignore', stdout, 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      DEV_OUTBOX: '1',
      TRUST_PROXY: '1',
      // as the demo start: a secrets key generated into the data directory (production refuses to start without one)
      SECRETS_KEY_AUTO: '1',
      GOOGLE_MAPS_API_KEY: '',
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exit = null;
  let killing = false;
  exited.then((e) => {
    exit = e;
    if (!killing) process.stderr.write(`bench: the server (pid ${child.pid}, port ${port}) exited on its own: ${e.signal ?? `code ${e.code}`}\n`);
  });
  const origin = `http://localhost:${port}`;
  const started = performance.now();
  for (;;) {
    if (exit) throw new Error(`server exited during start-up (${exit.signal ?? `code ${exit.code}`}): ${stderr.trim() || 'no output'}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within ${timeoutMs} ms: ${stderr.trim() || 'no output'}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    origin,
    child,
    readyMs: performance.now() - started,
    stderr: () => stderr,
    /** Sends `signal` and resolves once the process has gone. */
    async kill(signal = 'SIGTERM') {
      killing = true;
      if (!exit) child.kill(signal);
      return exited;
    },
  };
}

/** JSON over HTTP against `origin`, with the Origin header state-changing requests need. Network errors throw. */
export function apiClient(origin) {
  return async function json(urlPath, { method = 'GET', body, cookie, ip } = {}) {
    const res = await fetch(origin + urlPath, {
      method,
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, json: parsed, headers: res.headers };
  };
}

/** The code-request cookie a code request's answer sets: the verification sends it back (codes are bound to their request). */
export function codeRequestOf(headers) {
  return /__Host-code-request=[^;]+/.exec(headers.get('set-cookie') ?? '')?.[0] ?? '';
}

/**
 * Signs rider `index` in by code (read from the dev outbox, DEV_OUTBOX=1) and returns the session cookie.
 * `outboxOrigin`: an instance asked directly, when `origin` is a proxy (the outbox never answers through one).
 */
export async function signInRider(origin, index, prefix = '98', outboxOrigin = origin) {
  const json = apiClient(origin);
  const direct = outboxOrigin === origin ? json : apiClient(outboxOrigin);
  const phoneNumber = `${prefix}${String(index).padStart(8, '0')}`;
  const ip = `10.9.${Math.floor(index / 250)}.${index % 250}`;
  const identity = { userType: 'travelsx-user', countryCode: '91', phoneNumber };
  const sent = await json('/api/auth/otp/send', { method: 'POST', body: identity, ip });
  // the code goes out through the message queue (and, behind nginx, may be read from the other instance): wait for it
  let otp;
  for (let tries = 0; !otp; tries++) {
    const outbox = await direct(`/api/dev/outbox?to=${encodeURIComponent(`+91${phoneNumber}`)}`);
    otp = /\b(\d{6})\b/.exec(outbox.json?.data?.[0]?.body ?? '')?.[1];
    if (!otp && tries >= 50)
      throw new Error(`no sign-in code for +91${phoneNumber} in the outbox after 5 s (send answered ${sent.status}, the outbox ${outbox.status})`);
    if (!otp) await new Promise((r) => setTimeout(r, 100));
  }
  const res = await fetch(`${origin}/api/auth/otp/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip, cookie: codeRequestOf(sent.headers) },
    body: JSON.stringify({ ...identity, otp, feature: 'booking-signup', userName: `Rider ${index}` }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** The benches' outstation trip: Chennai to Bengaluru, tomorrow. */
export const benchTrip = () => ({
  rideType: 'oneway',
  tripKind: 'outstation',
  pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
  dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
  pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
});

/** A Debian package's binary, installed with apt-get when missing and run as root; otherwise says how and exits. */
export function requireDebianTool(bin, pkg) {
  const found = [`/usr/bin/${bin}`, `/usr/sbin/${bin}`].find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0) {
    process.stderr.write(`${bin} is missing: apt-get install -y ${pkg}\n`);
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const again = [`/usr/bin/${bin}`, `/usr/sbin/${bin}`].find((p) => fs.existsSync(p));
    if (again) return again;
  }
  console.error(`${bin} is not installed: run \`sudo apt-get install -y ${pkg}\` (Debian) and run this again.`);
  process.exit(1);
}

/** Seconds each wrk measurement lasts: BENCH_SECONDS (default 10). */
export const benchSeconds = () => Number(process.env.BENCH_SECONDS ?? 10);

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const toMs = (text) => {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2]] : Number.NaN;
};

/** The figures of wrk's --latency output (and the lines a Lua done() printed, in `extra`). */
export function parseWrk(text) {
  const num = (re) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : 0;
  };
  const pct = (p) => {
    const m = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(text);
    return m ? toMs(m[1]) : Number.NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const errors = socket
    ? { connect: Number(socket[1]), read: Number(socket[2]), write: Number(socket[3]), timeout: Number(socket[4]) }
    : { connect: 0, read: 0, write: 0, timeout: 0 };
  const requests = num(/^\s*(\d+) requests in/m);
  const non2xx = num(/Non-2xx or 3xx responses: (\d+)/);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: pct(50),
    p99: pct(99),
    requests,
    non2xx,
    errors,
    socketErrors: errors.connect + errors.read + errors.write + errors.timeout,
    raw: text,
  };
}

/**
 * Runs wrk pinned to LOAD_CPU: `taskset -c 1 wrk -t1 -cN -dSs --latency [-s script] [-H header]... URL`;
 * resolves with parseWrk's figures (and wrk's stdout in `raw`). Throws when wrk fails.
 */
export async function wrk(url, { connections = 32, seconds = benchSeconds(), script, headers = [], threads = 1, timeout = '5s', cpu = LOAD_CPU } = {}) {
  const bin = requireDebianTool('wrk', 'wrk');
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', timeout];
  if (script) args.push('-s', script);
  for (const h of headers) args.push('-H', h);
  args.push(url);
  const [cmd, full] = pinned(cpu, bin, args);
  const child = spawn(cmd, full, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0 || !/Requests\/sec/.test(out)) throw new Error(`wrk ${full.join(' ')} failed (exit ${code}): ${err || out}`);
  return parseWrk(out);
}

/** "clean" or what went wrong in a wrk run: non-2xx answers and socket errors. */
export function wrkErrors(r) {
  const parts = [];
  if (r.non2xx) parts.push(`${r.non2xx} non-2xx/3xx`);
  for (const [k, n] of Object.entries(r.errors)) if (n) parts.push(`${n} socket ${k}`);
  return parts.length ? `ERRORS: ${parts.join(', ')}` : 'no errors';
}

/** One line of a wrk result, with its throughput and p99 against a same-run baseline. */
export function wrkRow(label, r, base) {
  const vs = base ? `  ${(r.rps / base.rps).toFixed(3).padStart(6)}x thr  p99 x${(r.p99 / base.p99).toFixed(1)}` : '';
  return `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)}/s  p50 ${r.p50.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms${vs}  (${r.requests} req, ${wrkErrors(r)})`;
}

/** Writes a wrk Lua script to a temp file; returns its path. */
export function luaScript(text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lua-'));
  const file = path.join(dir, 'script.lua');
  fs.writeFileSync(file, text);
  return file;
}

/** A Lua string literal. */
export const lua = (s) =>
  `"${String(s)
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')}"`;

/** One GET with Accept-Encoding: gzip; resolves with the status and the bytes exactly as sent. */
export const getRaw = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

/** Polls `url` until it answers 2xx (or `timeoutMs` passes). */
export async function waitFor(url, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A Node server from `code` (run with `node -e`, listening on 127.0.0.1:`port`), pinned to SERVER_CPU; `stop()` ends it, then calls `cleanup`. */
export async function startNodeScript(port, code, cleanup = () => {}) {
  const [cmd, args] = pinned(SERVER_CPU, process.execPath, ['-e', code]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/`);
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      cleanup();
    },
  };
}

/** The API baseline: a bare Node `http` server answering a small JSON to every request (reading any body first), pinned to SERVER_CPU. */
export function startBareNode(port) {
  const code = `const b=Buffer.from(JSON.stringify({status:'ok'}));require('http').createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(200,{'content-type':'application/json','content-length':b.length});s.end(b)})}).listen(${port},'127.0.0.1')`;
  return startNodeScript(port, code);
}

/**
 * The pages baseline: nginx (Debian's nginx-light), one worker pinned to SERVER_CPU, gzip_static on,
 * serving `files` ({ urlPath: Buffer of HTML }) from their paths, each with its gzipped copy next to it.
 * `gzipped` ({ urlPath: Buffer }) gives the exact gzipped bytes to serve (defaults to gzip level 6);
 * `headers` ({ name: value }) are added to every answer (add_header).
 */
export async function startNginx(port, files, gzipped = {}, { headers = {} } = {}) {
  const bin = requireDebianTool('nginx', 'nginx-light');
  const zlib = await import('node:zlib');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  for (const [urlPath, body] of Object.entries(files)) {
    const file = path.join(dir, 'www', urlPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
    fs.writeFileSync(`${file}.gz`, gzipped[urlPath] ?? zlib.gzipSync(body, { level: 6 }));
  }
  fs.mkdirSync(path.join(dir, 'tmp'));
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const addHeaders = Object.entries(headers)
    .map(([name, value]) => ` add_header ${name} "${String(value).replace(/["\\]/g, '\\$&')}";`)
    .join('');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; ${user} worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000; keepalive_timeout 65; gzip_static on; default_type text/html;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  server { listen 127.0.0.1:${port}; root ${dir}/www;${addHeaders} } }\n`,
  );
  const [cmd, args] = pinned(SERVER_CPU, bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}${Object.keys(files)[0]}`);
  return {
    origin: `http://127.0.0.1:${port}`,
    version: (spawnSync(bin, ['-v'], { encoding: 'utf8' }).stderr ?? '').trim() || 'nginx',
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Pages of the app against nginx serving the same bytes (bench/pages.mjs, bench/seo-pages.mjs): reads each page
 * once from the app, gzipped (sets `page.bytes`: raw and gzipped sizes), serves those bytes from nginx, each page
 * from a flat path of its own (an airport page's path is the folder of its transfer pages), checks nginx answers
 * the same bytes, then for each page a 2 s warm-up of both and the measured runs back to back: `page.nginx`, then
 * `page.app` from `measureApp(page, url)` (by default wrk with `opts`). Returns nginx; stop it on every exit path.
 */
export async function pagesAgainstNginx(server, pages, opts, measureApp = (page, url) => wrk(url, opts)) {
  const zlib = await import('node:zlib');
  const files = {};
  const gzipped = {};
  pages.forEach((page, i) => (page.nginxPath = `/page-${i}`));
  for (const page of pages) {
    const res = await getRaw(server.origin + page.path);
    if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    if (res.encoding !== 'gzip') throw new Error(`${page.path} was not gzipped (content-encoding ${res.encoding})`);
    gzipped[page.nginxPath] = res.body;
    files[page.nginxPath] = zlib.gunzipSync(res.body);
    page.bytes = { html: files[page.nginxPath].length, gzip: res.body.length };
  }
  const nginx = await startNginx(await freePort(), files, gzipped);
  try {
    for (const page of pages) {
      const res = await getRaw(nginx.origin + page.nginxPath);
      if (res.status !== 200 || res.encoding !== 'gzip' || !res.body.equals(gzipped[page.nginxPath]))
        throw new Error(`nginx does not serve the same gzipped bytes for ${page.path}`);
    }
    for (const page of pages) {
      await wrk(nginx.origin + page.nginxPath, { ...opts, seconds: 2 });
      await wrk(server.origin + page.path, { ...opts, seconds: 2 });
      page.nginx = await wrk(nginx.origin + page.nginxPath, opts);
      page.app = await measureApp(page, server.origin + page.path);
    }
  } catch (error) {
    await nginx.stop();
    throw error;
  }
  return nginx;
}

/**
 * A throw-away PostgreSQL cluster from /usr/lib/postgresql/VERSION/bin (apt-get install postgresql): initdb in a temp
 * directory (as the postgres user when run as root), on `port` on 127.0.0.1, its processes pinned to `cpu`.
 * `stop()` stops it (immediate) and deletes it; call it on every exit path.
 */
export function startPostgres(port, { cpu = null } = {}) {
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql').filter((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`))
    : [];
  if (!versions.length) throw new Error('PostgreSQL not found in /usr/lib/postgresql (apt-get install postgresql)');
  const bin = `/usr/lib/postgresql/${versions.sort((a, b) => Number(a) - Number(b)).at(-1)}/bin`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const pin = cpu === null || !TASKSET ? '' : `${TASKSET} -c ${cpu} `;
  const run = (cmd) => (asRoot ? execFileSync('su', ['postgres', '-c', cmd], { stdio: 'pipe' }) : execFileSync('sh', ['-c', cmd], { stdio: 'pipe' }));
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) {
      try {
        run(`${bin}/pg_ctl -D ${dir}/data -m immediate -w stop`);
      } catch {
        try {
          const pid = Number(fs.readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0]);
          if (pid) process.kill(pid, 'SIGKILL');
        } catch {}
      }
    }
    if (process.env.BENCH_PG_EXPLAIN) {
      const kept = path.join(os.tmpdir(), `bench-pg-${port}.log`);
      try {
        fs.copyFileSync(`${dir}/log`, kept);
        process.stderr.write(`PostgreSQL's log (BENCH_PG_EXPLAIN plans): ${kept}\n`);
      } catch {}
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
    run(`${bin}/initdb -D ${dir}/data -A trust -U postgres`);
    // BENCH_PG_STATS=1: pg_stat_statements collects each statement's time (read with `topStatements`);
    // BENCH_PG_EXPLAIN=ms: auto_explain logs the analyzed plan of every statement slower than that (the log is kept)
    const preload = [process.env.BENCH_PG_STATS && 'pg_stat_statements', process.env.BENCH_PG_EXPLAIN && 'auto_explain'].filter(Boolean);
    const stats =
      (preload.length ? ` -c shared_preload_libraries=${preload.join(',')}` : '') +
      (process.env.BENCH_PG_STATS ? ' -c pg_stat_statements.track=all -c pg_stat_statements.track_planning=on' : '') +
      (process.env.BENCH_PG_EXPLAIN ? ` -c auto_explain.log_min_duration=${Number(process.env.BENCH_PG_EXPLAIN)} -c auto_explain.log_analyze=on` : '');
    run(`${pin}${bin}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${stats}' -l ${dir}/log -w start`);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  const postmaster = () => Number(fs.readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0]);
  return {
    version: path.basename(path.dirname(bin)),
    /** `pg_ctl restart` (fast: sessions cut, as a crash or an upgrade would): resolves once it accepts connections again. */
    restart() {
      run(`${pin}${bin}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1' -l ${dir}/log -m fast -w restart`);
    },
    /** SIGSTOP to the postmaster and every backend for `ms` (a frozen VM or disk), then SIGCONT. */
    async freeze(ms) {
      const main = postmaster();
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(main)], { encoding: 'utf8' })
        .split('\n')
        .map(Number)
        .filter(Boolean);
      const all = [main, ...children];
      for (const pid of all) process.kill(pid, 'SIGSTOP');
      await new Promise((r) => setTimeout(r, ms));
      for (const pid of all) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {}
      }
    },
    createDb(name) {
      run(`${bin}/createdb -h 127.0.0.1 -p ${port} ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
  };
}

/**
 * A wrk script that counts answers by status (written to `out` by done()), with optional extra Lua
 * (e.g. wrk.method/wrk.body). Defining response() makes wrk hand every body to Lua: use it where the
 * server under test, not wrk, is the bottleneck.
 */
export function statusScript(out, extra = '') {
  return luaScript(`${extra}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) counts = {} end
function response(status, headers, body) counts[status] = (counts[status] or 0) + 1 end
function done(summary, latency, requests)
  local f = io.open(${lua(out)}, "w")
  for _, t in ipairs(threads) do
    for status, c in pairs(t:get("counts")) do f:write(status .. " " .. c .. "\\n") end
  end
  f:close()
end
`);
}

/** "N x status" text of the file a statusScript wrote. */
export function readStatuses(out) {
  const counts = {};
  for (const line of fs.readFileSync(out, 'utf8').trim().split('\n').filter(Boolean)) {
    const [status, n] = line.split(' ');
    counts[status] = (counts[status] ?? 0) + Number(n);
  }
  return Object.entries(counts)
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');
}

/** Rows of `query`, read straight from the database (PGlite data directory or PostgreSQL) after the server has stopped. */
export async function queryStoredDatabase(kind, { dataDir, databaseUrl }, query) {
  if (kind === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(query)).rows;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return (await db.query(query)).rows;
  } finally {
    await db.close();
  }
}

/**
 * With BENCH_PG_STATS=1 (startPostgres preloads pg_stat_statements): the `limit` statements that took the most
 * time in PostgreSQL, as printable lines (calls, total and mean ms, rows, the text's start); [] otherwise.
 */
export async function topStatements(databaseUrl, limit = Number(process.env.BENCH_PG_STATS_TOP ?? 15)) {
  if (!process.env.BENCH_PG_STATS || !databaseUrl) return [];
  await queryStoredDatabase('postgres', { databaseUrl }, 'create extension if not exists pg_stat_statements');
  const top = await queryStoredDatabase(
    'postgres',
    { databaseUrl },
    `select calls, total_exec_time as total, mean_exec_time as mean, plans, total_plan_time as plan, rows, regexp_replace(query, '\\s+', ' ', 'g') as query
       from pg_stat_statements order by ${process.env.BENCH_PG_STATS === 'calls' ? 'calls' : 'total_exec_time + total_plan_time'} desc limit ${Number(limit)}`,
  );
  return top.map(
    (s) =>
      `${String(s.calls).padStart(7)} calls ${Number(s.total).toFixed(0).padStart(7)} ms ${Number(s.mean).toFixed(2).padStart(7)} ms/call ${String(s.rows).padStart(7)} rows ${String(s.plans).padStart(6)} plans ${Number(s.plan).toFixed(0).padStart(6)} ms  ${s.query.slice(0, 140)}`,
  );
}

/** Every stored ride with its idempotency key, operator and number (see matchStoredBookings). */
export const STORED_BOOKINGS_QUERY = 'select r.idempotency_key as key, b.slug, r.number from rides r join businesses b on b.id = r.business_id';

/** The operator the benches book with: the server's default tenant (localhost). */
export const benchOperator = () => process.env.DEFAULT_TENANT || 'demo';

/**
 * Acknowledged bookings against the rides stored. A booking's answer names the
 * ride's number within its operator (`id`, `rideId`), never the database id, and
 * the two drift apart after retries and crash recovery (issue 36, item 6): an
 * answer `{ key, number }` counts as stored only when a row has its idempotency
 * key and its (operator, number) both. `rows` come from STORED_BOOKINGS_QUERY;
 * every answer is on `operator`. lost: acknowledged, not stored (`lostByKey`: no
 * row of the key; `lostByNumber`: no row of the operator and number); doubled: a
 * key stored more than once; unacknowledged: keys stored that no answer names.
 */
export function matchStoredBookings(answers, rows, operator) {
  const byKey = new Map();
  const numbers = new Set();
  for (const row of rows) {
    byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
    numbers.add(`${row.slug}#${Number(row.number)}`);
  }
  const hasKey = (a) => byKey.has(a.key);
  const hasNumber = (a) => numbers.has(`${operator}#${Number(a.number)}`);
  const matches = (a) => (byKey.get(a.key) ?? []).some((row) => row.slug === operator && Number(row.number) === Number(a.number));
  const answered = new Set(answers.map((a) => a.key));
  return {
    lost: answers.filter((a) => !matches(a)).length,
    lostByKey: answers.filter((a) => !hasKey(a)).length,
    lostByNumber: answers.filter((a) => !hasNumber(a)).length,
    doubled: [...byKey.values()].filter((list) => list.length > 1).length,
    storedKeys: byKey.size,
    unacknowledged: [...byKey.keys()].filter((key) => !answered.has(key)).length,
  };
}

/**
 * The server's test-only switch that loses an acknowledged booking on purpose
 * (TEST_DROP_BOOKING=n in the bench's environment: lib/env.ts, lib/rides/test-drop.ts),
 * so a bench can be seen to fail. The server refuses it with NODE_ENV=production:
 * such a run starts the built server with NODE_ENV=test. Empty when unset.
 */
export function dropBookingEnv() {
  const nth = process.env.TEST_DROP_BOOKING;
  return nth ? { TEST_DROP_BOOKING: nth, NODE_ENV: 'test' } : {};
}

/**
 * Tear-downs run on any exit of the bench (normal end, error, Ctrl-C), the
 * newest first: `atExit(() => server.child.kill('SIGKILL'))`.
 */
const exitTasks = [];
let exitHooked = false;
export function atExit(task) {
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', () => {
      while (exitTasks.length) {
        try {
          exitTasks.pop()();
        } catch {}
      }
    });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));
  }
  exitTasks.push(task);
}

/** A wrk script POSTing the bench trip (`benchTrip`) as JSON to the URL wrk is given: the quote load. */
export const quoteScript = () =>
  luaScript(`wrk.method = "POST"\nwrk.body = ${lua(JSON.stringify(benchTrip()))}\nwrk.headers["Content-Type"] = "application/json"\n`);

/** nginx serving the bytes the server answers for `page` (gzipped and plain), the baseline of a document's throughput. */
export async function nginxServing(origin, page) {
  const zlib = await import('node:zlib');
  const got = await getRaw(origin + page);
  if (got.status !== 200 || got.encoding !== 'gzip') throw new Error(`${page} answered ${got.status} (${got.encoding ?? 'not gzipped'})`);
  return startNginx(await freePort(), { [page]: zlib.gunzipSync(got.body) }, { [page]: got.body });
}
