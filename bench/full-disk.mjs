#!/usr/bin/env node
// The embedded database on a full disk (issue 36, item 1): PGlite's write-ahead
// log cannot grow, one write fails with `could not write to file
// "pg_wal/xlogtemp.42": No space left on device`, and the next call spins on
// the main thread for ever (no timer, no request, no SIGTERM handler runs, and
// freeing space does not help). Run as root: each run mounts a tmpfs of 160 MiB
// as DATA_DIR (a file-size limit, `ulimit -f`, fails the log's write with
// EFBIG at the segment's offset instead, an error and no hang). Two runs of
// bench/full-disk-child.ts:
//   before  DB_WATCHDOG_MS=0: after the failure, is the event loop still running? does freeing space help?
//           does SIGTERM (with a handler, as server.ts has) end it? SIGKILL ends it.
//   after   DB_WATCHDOG_MS=5000: the watchdog's Worker ends the process with SIGKILL and one line.
// Usage: node bench/full-disk.mjs [leaveMb=12]
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const leaveMb = Number(process.argv[2] ?? 12);
const WATCHDOG_MS = 5_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function mountTmpfs() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    fs.rmdirSync(dir);
    console.error(`could not mount a tmpfs (run as root): ${String(error.stderr ?? error.message).trim()}`);
    process.exit(2);
  }
  return { dir, unmount: () => (execFileSync('umount', [dir]), fs.rmdirSync(dir)) };
}

function start(dataDir, watchdogMs) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/full-disk-child.ts', String(leaveMb)], {
    env: { ...process.env, DATA_DIR: dataDir, DB_WATCHDOG_MS: String(watchdogMs), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, lines: [], stderr: '', lastLineAt: Date.now(), failedAt: 0, exit: undefined };
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    for (let at = buffered.indexOf('\n'); at !== -1; at = buffered.indexOf('\n')) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      run.lines.push(line);
      run.lastLineAt = Date.now();
      if (line.includes('write failed')) run.failedAt = Date.now();
      if (!line.endsWith(' alive')) console.log(`  child: ${line}`);
    }
  });
  child.stderr.on('data', (chunk) => (run.stderr += chunk));
  run.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve((run.exit = { code, signal, at: Date.now() }))));
  return run;
}

async function until(predicate, ms) {
  const end = Date.now() + ms;
  while (!predicate() && Date.now() < end) await sleep(100);
  return predicate();
}

const results = {};

console.log(`before: DB_WATCHDOG_MS=0, ${leaveMb} MiB left on the data directory's disk`);
{
  const disk = mountTmpfs();
  const run = start(disk.dir, 0);
  try {
    if (!(await until(() => run.failedAt || run.exit, 180_000)) || !run.failedAt) throw new Error(`no write failed: ${run.stderr.slice(-2000)}`);
    await sleep(10_000);
    const silentMs = Date.now() - run.lastLineAt;
    const answered = run.lines.some((line) => line.includes('select 1'));
    fs.rmSync(path.join(disk.dir, 'filler'), { force: true });
    await sleep(5_000);
    const silentAfterFreeMs = Date.now() - run.lastLineAt;
    const cpu = execFileSync('ps', ['-o', 'pcpu=,stat=', '-p', String(run.child.pid)])
      .toString()
      .trim();
    run.child.kill('SIGTERM');
    const endedBySigterm = await until(() => run.exit, 5_000);
    if (!endedBySigterm) run.child.kill('SIGKILL');
    await run.exited;
    results.before = { silentMs, answered, silentAfterFreeMs, cpu, endedBySigterm, exit: run.exit };
  } finally {
    if (!run.exit) run.child.kill('SIGKILL');
    await run.exited;
    disk.unmount();
  }
}

console.log(`after: DB_WATCHDOG_MS=${WATCHDOG_MS}`);
{
  const disk = mountTmpfs();
  const run = start(disk.dir, WATCHDOG_MS);
  try {
    if (!(await until(() => run.failedAt || run.exit, 180_000)) || !run.failedAt) throw new Error(`no write failed: ${run.stderr.slice(-2000)}`);
    await until(() => run.exit, WATCHDOG_MS + 15_000);
    const line = run.stderr.split('\n').find((text) => text.includes('database watchdog')) ?? '';
    results.after = {
      exit: run.exit ?? 'still running',
      endedMsAfterFailure: run.exit ? run.exit.at - run.failedAt : undefined,
      line: line && JSON.parse(line).msg,
    };
  } finally {
    if (!run.exit) run.child.kill('SIGKILL');
    await run.exited;
    disk.unmount();
  }
}

const { before, after } = results;
console.log('\nresults');
console.log(
  `before: after the failed write the child printed nothing for ${before.silentMs} ms (select 1 ${before.answered ? 'answered' : 'never answered'}),`,
);
console.log(`        still nothing ${before.silentAfterFreeMs} ms later, 5 s after space was freed; ps: ${before.cpu}`);
console.log(`        SIGTERM ${before.endedBySigterm ? 'ended it' : 'ignored for 5 s'}; ended by ${before.exit.signal ?? `exit ${before.exit.code}`}`);
console.log(
  `after:  ended by ${after.exit.signal ?? `exit ${after.exit.code}`} ${after.endedMsAfterFailure} ms after the failed write (DB_WATCHDOG_MS=${WATCHDOG_MS})`,
);
console.log(`        ${after.line}`);
const ok = after.exit.signal === 'SIGKILL' && after.endedMsAfterFailure < WATCHDOG_MS + 3_000;
console.log(ok ? 'ok: the watchdog ended the hung process' : 'FAILED: the watchdog did not end the hung process in time');
process.exit(ok ? 0 : 1);
