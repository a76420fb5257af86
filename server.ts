/**
 * The one Node process: opens and migrates the database, seeds the demo
 * operator, then serves the API router (/api/*, robots.txt, sitemaps,
 * manifest), Next's pages and socket.io on one HTTP server.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { env } from './lib/env';
import { logger } from './lib/log';
import { openDatabase, closeDatabase } from './lib/db/client';
import { ensureDemoTenant } from './lib/tenancy/demo';
import { ensurePlatformTenant } from './lib/tenancy/platform-seed';
import { attachSocketServer, closeSocketServer, socketConnections } from './lib/realtime/server';
import { stampClientIp } from './lib/http/client-address';
import { startPushNotifications } from './lib/rides/push-listener';
import { createFrontDoor } from './lib/http/front';
import { refuseAtEdge, sendEdgeError } from './lib/http/edge';
import { paymentFormOrigins } from './lib/payments/form-origins';
import { openMapOrigins } from './lib/maps/open-map';
import { getRequestListener } from '@hono/node-server';
import { apiApp } from './lib/api/app';
import { isApiPath } from './lib/api/paths';
import { connectNextCache, disconnectNextCache } from './lib/page-cache/next-cache';
import { exitIfStopOverruns, idleMs, shutdownGracefully, trackRequest } from './lib/http/lifecycle';
import { loadPlaceIndex } from './lib/places/place-index';
import { getDb } from './lib/db/client';
import { setProcessPoller, startJobPoller } from './lib/jobs/queue';
import { scheduleRetention } from './lib/jobs/retention';
import { startDbMaintenance } from './lib/db/maintenance';
import { startDatabaseWatchdog } from './lib/db/watchdog';
import { freeBytesAt } from './lib/db/free-space';
import { startTripMessages } from './lib/rides/trip-messages';
import { registerFlightJobs } from './lib/flights/jobs';
import { registerRefundJobs } from './lib/payments/refund-job';
import { queueAllWaitingRides, startDispatch } from './lib/rides/offer-jobs';
import { sendToUser } from './lib/push/send';
import { startClusterBus, stopClusterBus } from './lib/cluster/bus';
import { startClusterLocks, stopClusterLocks } from './lib/cluster/lock';
import { collectOnScrape, countAnswer, metrics } from './lib/metrics';
import { outbox } from './lib/db/schema';
import { loadSecretsKey } from './lib/crypto/secrets';
import { resealIntegrationSecrets } from './lib/hosting/integrations';
import { count, eq } from 'drizzle-orm';

function pathOf(url: string | undefined): string {
  const end = url?.indexOf('?') ?? -1;
  return end === -1 ? (url ?? '/') : url!.slice(0, end);
}

async function main(): Promise<void> {
  const startedAt = process.hrtime.bigint();
  const config = env();
  // NODE_ENV=test runs the built app too (a bench's fault switches are refused with production: lib/env.ts)
  const dev = config.NODE_ENV === 'development';
  // Production refuses to start without SECRETS_KEY, except the demo start (lib/crypto/secrets.ts).
  const secretsKey = loadSecretsKey();
  if (secretsKey.source === 'file') {
    logger.info(
      { file: secretsKey.file },
      secretsKey.generated
        ? `SECRETS_KEY unset: generated a secrets key into ${secretsKey.file} (mode 600); keep it with the data, set SECRETS_KEY for a real deployment`
        : `SECRETS_KEY unset: using the secrets key generated into ${secretsKey.file}`,
    );
  }
  // The database opens first (PGlite compiles its WASM off the main thread) while Next loads.
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    statementStats: config.PGLITE_STATEMENT_STATS,
  });
  const { default: next } = await import('next');
  const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: config.PORT });
  const [{ db, kind }] = await Promise.all([database, app.prepare()]);
  if (kind === 'pglite') await warnOnLowDisk(config.DATA_DIR, config.READY_MIN_FREE_MB, config.BOOKING_MIN_FREE_MB);
  if (config.DATABASE_URL) {
    // Several instances may share this PostgreSQL: cache notices and per-key locks go through it.
    const pool = (db as unknown as { $client: { query: (text: string, values: unknown[]) => Promise<unknown> } }).$client;
    await Promise.all([startClusterBus(config.DATABASE_URL, pool), startClusterLocks(config.DATABASE_URL)]);
  }
  if (await ensureDemoTenant(db, config.DEFAULT_TENANT)) {
    logger.info({ tenant: config.DEFAULT_TENANT }, 'created the demo operator');
  }
  // after the demo operator, so the demo keeps business id 1 on a fresh database
  await ensurePlatformTenant(db);
  // Key rotation: secrets under SECRETS_KEY_PREVIOUS (or the old public development key) move to the current key.
  const rotation = await resealIntegrationSecrets(db);
  if (rotation.resealed) logger.info({ resealed: rotation.resealed }, 'resealed integration secrets under the current SECRETS_KEY');
  if (rotation.unreadable.length)
    logger.warn(
      { unreadable: rotation.unreadable },
      'integration secrets no key opens (set SECRETS_KEY_PREVIOUS to the key they were sealed with); those operators must enter them again',
    );
  startPushNotifications();
  // Trip messages (driver details, pickup reminders, invoices) are durable jobs in the database; this instance's poller
  // claims due ones with FOR UPDATE SKIP LOCKED, so each runs once across instances and after a restart.
  registerFlightJobs();
  startTripMessages(getDb, { push: (database, businessId, userId, payload) => sendToUser(database, businessId, userId, payload) });
  // Card refunds are jobs too: retried with back-off until PayU answers (lib/payments/refund-job.ts).
  registerRefundJobs();
  // Unbooked quotes and anonymous chats older than RETENTION_DAYS go in a daily job (lib/jobs/retention.ts).
  await scheduleRetention(db);
  // Automatic dispatch: offers and their timeouts are jobs too; rides waiting for a driver are queued again at start.
  startDispatch(getDb);
  await queueAllWaitingRides(db);
  // PostgreSQL runs several offer rounds truly at once (its pool has 10 connections); PGlite runs one query at a time,
  // and a second job only keeps one waiting on an outside service (an SMS gateway) from holding the offers up.
  const jobPoller = startJobPoller(db, { intervalMs: config.JOB_POLL_MS, concurrency: config.JOBS_CONCURRENCY ?? (kind === 'postgres' ? 4 : 2) });
  setProcessPoller(jobPoller);
  // PGlite runs no autovacuum of its own (lib/db/maintenance.ts), and its one connection is shared with the
  // requests: maintenance runs in quiet moments. PostgreSQL vacuums in its own processes.
  const maintenance = kind === 'pglite' ? startDbMaintenance(db, { idleMs }) : undefined;
  const handle = app.getRequestHandler();
  // Operators' changes reach Next's cache through its own handler (lib/page-cache/index.ts names the whole trip).
  await connectNextCache(handle);
  const api = getRequestListener(apiApp.fetch);
  // In production pages pass the front door: cached static documents, CSP nonces, compression.
  const front = dev ? undefined : createFrontDoor({ handle, log: logger, formOrigins: paymentFormOrigins(config), connectOrigins: openMapOrigins() });
  await front?.listen();

  const server = createServer((req, res) => {
    const urlPath = pathOf(req.url);
    trackRequest(res, (ms) => countAnswer(req, res, urlPath, ms));
    if (refuseAtEdge(req, res)) return;
    // The client address travels to route handlers in a header only this server sets.
    stampClientIp(req, config.TRUST_PROXY);
    if (isApiPath(urlPath)) {
      void api(req, res);
      return;
    }
    if (front) {
      front.serve(req, res);
      return;
    }
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, 'request failed');
      sendEdgeError(res, 500);
    });
  });
  await attachSocketServer(server, { databaseUrl: config.DATABASE_URL });
  const metricsServer = config.METRICS_PORT ? startMetricsServer(config.METRICS_PORT, config.METRICS_HOSTNAME, db) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: draining');
    exitIfStopOverruns(config.SHUTDOWN_TIMEOUT_MS, (afterMs) => logger.error({ signal, afterMs }, 'shutdown did not finish in time: exiting'));
    const report = await shutdownGracefully(server, {
      timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      beforeWait: [{ name: 'sockets', run: closeSocketServer }],
      after: [
        { name: 'front door', run: () => front?.close() },
        { name: 'page cache', run: disconnectNextCache },
        { name: 'metrics', run: () => metricsServer?.close() },
        { name: 'jobs', run: () => jobPoller.stop() },
        { name: 'maintenance', run: () => maintenance?.stop() },
        { name: 'notices', run: stopClusterBus },
        { name: 'locks', run: stopClusterLocks },
        { name: 'database', run: closeDatabase },
      ],
    });
    logger.info(report, 'shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The place index is one file read (built by `npm run build`; built here when missing or out of date,
  // seconds of CPU), loaded before listening so no request waits for it.
  if (config.PLACE_INDEX_PRELOAD === 'on') await loadPlaceIndex();
  // From here a database call unanswered, or a main thread stopped, for DB_WATCHDOG_MS ends the process (lib/db/watchdog.ts):
  // started after the migrations and the place index, which may legitimately take longer.
  startDatabaseWatchdog(config.DB_WATCHDOG_MS);
  server.listen(config.PORT, config.HOSTNAME, () => {
    const ms = Number(process.hrtime.bigint() - startedAt) / 1e6;
    logger.info({ port: config.PORT, database: kind, dev, readyMs: Math.round(ms) }, `ready on http://localhost:${config.PORT}`);
  });
}

/** At start, a warning when the embedded database's disk is nearly full (readiness fails below READY_MIN_FREE_MB, bookings below BOOKING_MIN_FREE_MB). */
async function warnOnLowDisk(dataDir: string, readyMinMb: number, bookingMinMb: number): Promise<void> {
  try {
    const freeMb = Math.floor((await freeBytesAt(dataDir)) / 1024 / 1024);
    if (freeMb < readyMinMb)
      logger.warn(
        { dataDir, freeMb, readyMinMb, bookingMinMb },
        `only ${freeMb} MiB free on the data directory's disk: /api/ready answers 503 below ${readyMinMb} MiB and new bookings are refused below ${bookingMinMb} MiB`,
      );
  } catch (err) {
    logger.warn({ err, dataDir }, 'free disk space of the data directory unknown');
  }
}

/** Prometheus metrics on a listener of their own (GET /metrics), never on the public port. */
function startMetricsServer(port: number, hostname: string, db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  collectOnScrape({
    sockets: socketConnections,
    outbox: async () => {
      const rows = await db.select({ channel: outbox.channel, count: count() }).from(outbox).where(eq(outbox.status, 'queued')).groupBy(outbox.channel);
      return rows.map((row) => ({ channel: row.channel, count: Number(row.count) }));
    },
  });
  const registry = metrics().registry;
  const metricsServer = createServer((req, res) => {
    if (req.method !== 'GET' || pathOf(req.url) !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    registry
      .metrics()
      .then((text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      });
  });
  metricsServer.listen(port, hostname, () => logger.info({ port, hostname }, 'metrics on /metrics'));
  return { close: () => new Promise<void>((resolve) => metricsServer.close(() => resolve())) };
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Start-up failed: ${message}\n`);
  process.exit(1);
});
