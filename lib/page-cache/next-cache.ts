import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { logger } from '@/lib/log';
import { revalidateSecret } from './secret';

/** Pages and cache tags to render afresh in Next. */
export type NextRefresh = { paths: { path: string; type?: 'layout' | 'page' }[]; tags: string[] };

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The path of Next's refresh handler (app/api/internal/revalidate/route.ts -> next-route.ts). */
const NEXT_REFRESH_PATH = '/api/internal/revalidate';

type Connection = { socketPath: string; server: http.Server };

const holder = globalThis as typeof globalThis & { __travelsxNextCache?: Connection };

/**
 * server.ts hands over Next's request handler once it is ready. The API router runs outside Next's request
 * scope, where revalidatePath and revalidateTag cannot run, so a refresh is a request to Next's own handler
 * over a private Unix socket of this process (mode 600, never a network port). Resolves once listening.
 */
export function connectNextCache(handle: Handle): Promise<void> {
  const socketPath = path.join(os.tmpdir(), `travelsx-refresh-${process.pid}-${randomBytes(6).toString('hex')}.sock`);
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.error({ err }, 'page refresh failed in Next');
      res.writeHead(500).end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      fs.chmodSync(socketPath, 0o600);
      server.unref();
      holder.__travelsxNextCache = { socketPath, server };
      resolve();
    });
  });
}

/** Stops the private socket (shutdown); refreshes then reach no Next cache. */
export async function disconnectNextCache(): Promise<void> {
  const connection = holder.__travelsxNextCache;
  holder.__travelsxNextCache = undefined;
  if (!connection) return;
  await new Promise((resolve) => connection.server.close(resolve));
  fs.rmSync(connection.socketPath, { force: true });
}

function post(socketPath: string, request: NextRefresh): Promise<number> {
  const body = JSON.stringify(request);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      socketPath,
      method: 'POST',
      path: NEXT_REFRESH_PATH,
      headers: { host: 'localhost', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-revalidate-secret': revalidateSecret() },
    });
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Asks Next to render the pages afresh; resolves (never rejects) once its cache no longer holds the old ones.
 * Without a Next server in this process (jest, scripts) there is no cache to refresh.
 */
export async function refreshNext(request: NextRefresh): Promise<void> {
  const connection = holder.__travelsxNextCache;
  if (!connection) {
    logger.debug({ request }, 'pages not revalidated (no Next.js server in this process)');
    return;
  }
  try {
    const status = await post(connection.socketPath, request);
    if (status !== 200) throw new Error(`revalidation answered ${status}`);
  } catch (err) {
    logger.warn({ err, request }, 'pages not revalidated');
  }
}
