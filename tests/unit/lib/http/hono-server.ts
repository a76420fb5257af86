import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/**
 * A Hono app's fetch served over a real socket through the same adapter as server.ts (@hono/node-server), on a free
 * loopback port, for the file's tests: `origin` once `beforeAll` has run, closed in `afterAll`.
 */
export function serveOverAdapter(fetch: (request: Request) => Response | Promise<Response>): { origin: () => string } {
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer(getRequestListener(fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return { origin: () => origin };
}
