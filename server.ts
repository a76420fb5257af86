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
import { attachSocketServer } from './lib/realtime/server';
import { stampClientIp } from './lib/http/client-address';
import { startPushNotifications } from './lib/push/listener';
import { createFrontDoor } from './lib/http/front';
import { refuseAtEdge, sendEdgeError } from './lib/http/edge';
import { paymentFormOrigins } from './lib/payments/form-origins';
import { openMapOrigins } from './lib/maps/open-map';
import { getRequestListener } from '@hono/node-server';
import inject from 'light-my-request';
import { apiApp } from './lib/api/app';
import { isApiPath } from './lib/api/paths';
import { provideRevalidator } from './lib/http/revalidate';
import { revalidateSecret } from './lib/http/revalidate-secret';
import { startDraining } from './lib/http/lifecycle';
import { loadPlaceIndex } from './lib/places/place-index';

function pathOf(url: string | undefined): string {
  const end = url?.indexOf('?') ?? -1;
  return end === -1 ? (url ?? '/') : url!.slice(0, end);
}

/** How long after listening the place index starts loading (ms). */
const PLACE_INDEX_DELAY_MS = 5_000;

async function main(): Promise<void> {
  const startedAt = process.hrtime.bigint();
  const config = env();
  const dev = config.NODE_ENV !== 'production';
  // The database opens first (PGlite compiles its WASM off the main thread) while Next loads.
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
  const { default: next } = await import('next');
  const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: config.PORT });
  const [{ db, kind }] = await Promise.all([database, app.prepare()]);
  if (await ensureDemoTenant(db, config.DEFAULT_TENANT)) {
    logger.info({ tenant: config.DEFAULT_TENANT }, 'created the demo operator');
  }
  startPushNotifications();
  const handle = app.getRequestHandler();
  // The API router runs outside Next's request scope: cache refreshes reach Next's handler in-process.
  provideRevalidator(async (request) => {
    const res = await inject((req, res) => void handle(req, res), {
      method: 'POST',
      url: '/api/internal/revalidate',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-revalidate-secret': revalidateSecret() },
      payload: JSON.stringify(request),
    });
    if (res.statusCode !== 200) throw new Error(`revalidation answered ${res.statusCode}`);
  });
  const api = getRequestListener(apiApp.fetch);
  // In production pages pass the front door: cached static documents, CSP nonces, compression.
  const front = dev ? undefined : createFrontDoor({ handle, log: logger, formOrigins: paymentFormOrigins(config), connectOrigins: openMapOrigins() });
  await front?.listen();

  const server = createServer((req, res) => {
    if (refuseAtEdge(req, res)) return;
    // The client address travels to route handlers in a header only this server sets.
    stampClientIp(req, config.TRUST_PROXY === '1');
    if (isApiPath(pathOf(req.url))) {
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
  const io = attachSocketServer(server);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    startDraining();
    logger.info({ signal }, 'shutting down');
    io.close();
    front?.close();
    server.close();
    server.closeAllConnections();
    await closeDatabase().catch((error: unknown) => logger.error({ err: error }, 'database close failed'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  server.listen(config.PORT, config.HOSTNAME, () => {
    const ms = Number(process.hrtime.bigint() - startedAt) / 1e6;
    logger.info({ port: config.PORT, database: kind, dev, readyMs: Math.round(ms) }, `ready on http://localhost:${config.PORT}`);
    // The offline place index (about 4 s of CPU to build) loads once the first pages have been served, so the
    // first rider's search does not wait for it; a search before then builds it on demand.
    setTimeout(() => loadPlaceIndex().catch((error: unknown) => logger.error({ err: error }, 'place index failed to load')), PLACE_INDEX_DELAY_MS).unref();
  });
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Start-up failed: ${message}\n`);
  process.exit(1);
});
