// Several instances of the built server on one throw-away PostgreSQL, behind nginx
// with the shipped site (deploy/nginx/travelsx.conf, its upstreams and listen lines
// pointed at this run's ports). Used by bench/rolling.mjs, bench/scale.mjs and
// tests/e2e/cluster.spec.ts. nginx (Debian's nginx-light) is installed with apt when
// missing and run as root; PostgreSQL comes from /usr/lib/postgresql/*/bin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { dropBookingEnv, freePort, launchServer, pinned, requireDebianTool, root, startPostgres, stopChild } from './lib.mjs';

/** The shipped nginx site with this run's instance ports in both upstreams and a loopback listen port. */
export function renderNginxSite({ listenPort, instancePorts }) {
  const site = fs.readFileSync(path.join(root, 'deploy/nginx/travelsx.conf'), 'utf8');
  const servers = (indent) => instancePorts.map((p) => `${indent}server 127.0.0.1:${p} max_fails=0;`).join('\n');
  let upstreams = 0;
  const out = site
    .replace(/^(\s*)server 127\.0\.0\.1:\d+[^\n]*\n(?:\s*server 127\.0\.0\.1:\d+[^\n]*\n)*/gm, (_, indent) => {
      upstreams += 1;
      return `${servers(indent)}\n`;
    })
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`);
  if (upstreams !== 2 || !out.includes(`listen 127.0.0.1:${listenPort};`))
    throw new Error('deploy/nginx/travelsx.conf no longer has two upstreams and a `listen 80;` line');
  return out;
}

/**
 * nginx with the shipped site on `port`, in a temp prefix (one worker, pinned to `cpu` when given).
 * `reload(instancePorts)` rewrites the upstreams and reloads with SIGHUP.
 */
export async function startNginxSite({ port, instancePorts, cpu = null, workers = 1 }) {
  const bin = requireDebianTool('nginx', 'nginx-light');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-nginx-'));
  fs.mkdirSync(path.join(dir, 'tmp'));
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const write = (ports) => {
    fs.writeFileSync(path.join(dir, 'travelsx.conf'), renderNginxSite({ listenPort: port, instancePorts: ports }));
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off; ${user} worker_processes ${workers}; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http { access_log off; default_type application/octet-stream;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  include ${dir}/travelsx.conf; }\n`,
    );
  };
  write(instancePorts);
  const test = spawnSync(bin, ['-t', '-q', '-c', path.join(dir, 'nginx.conf'), '-p', dir], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the shipped site: ${test.stderr}`);
  const [cmd, args] = pinned(cpu, bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  const started = Date.now();
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    if (Date.now() - started > 10_000) throw new Error('nginx did not listen within 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin: `http://localhost:${port}`,
    dir,
    errorLog: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    async reload(ports) {
      write(ports);
      process.kill(Number(fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8')), 'SIGHUP');
      await new Promise((r) => setTimeout(r, 300));
    },
    async stop() {
      await stopChild(child, 'SIGQUIT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A deployment: PostgreSQL on `pgPort`, `instancePorts.length` instances sharing one DATA_DIR
 * (uploads, push keys) on it, nginx on `nginxPort`. `env` goes to every instance.
 * `restart(i)` sends SIGTERM to instance i, waits for it to exit, starts it again.
 */
export async function startCluster({ pgPort, nginxPort, instancePorts, env = {}, cpu = null, nginxCpu = null, dbName = 'travelsx_cluster' }) {
  const cleanups = [];
  const stopAll = async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch {}
    }
  };
  try {
    const postgres = startPostgres(pgPort);
    cleanups.push(() => postgres.stop());
    const databaseUrl = postgres.createDb(dbName);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-data-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const instanceEnv = { DATABASE_URL: databaseUrl, TRUST_PROXY: '1', ...env };
    const launch = (port) => launchServer(port, { dataDir, env: instanceEnv, cpu, timeoutMs: 120_000 });
    // the first instance migrates and creates the demo operator; the others start on a ready database
    const instances = [await launch(instancePorts[0])];
    instances.push(...(await Promise.all(instancePorts.slice(1).map(launch))));
    cleanups.push(() => Promise.all(instances.map((i) => i?.kill('SIGTERM'))));
    const nginx = await startNginxSite({ port: nginxPort, instancePorts, cpu: nginxCpu });
    cleanups.push(() => nginx.stop());
    return {
      databaseUrl,
      postgres,
      nginx,
      instances,
      origins: instancePorts.map((p) => `http://localhost:${p}`),
      async stopInstance(i, signal = 'SIGTERM') {
        const exit = await instances[i].kill(signal);
        instances[i] = undefined;
        return exit;
      },
      async startInstance(i) {
        instances[i] = await launch(instancePorts[i]);
        return instances[i];
      },
      async restart(i) {
        const stopStarted = performance.now();
        await this.stopInstance(i);
        const stopMs = performance.now() - stopStarted;
        const instance = await this.startInstance(i);
        return { stopMs, readyMs: instance.readyMs };
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * The benches' deployment of two instances (A and B) on free ports, limits off, warnings logged, and
 * TEST_DROP_BOOKING passed on when set (bench/rolling.mjs, bench/soak.mjs).
 */
export async function startTwoInstances(dbName) {
  const [pgPort, nginxPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  return startCluster({ pgPort, nginxPort, instancePorts: [portA, portB], env: { RATE_LIMITS: 'off', LOG_LEVEL: 'warn', ...dropBookingEnv() }, dbName });
}

export { apiClient, codeRequestOf, freePort, signInRider, benchTrip, launchServer } from './lib.mjs';
