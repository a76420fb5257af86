import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type PushRequest = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };
type Reply = { status: number; headers?: Record<string, string> };

/**
 * A stand-in push service on 127.0.0.1: records each request and answers
 * 201, or what `reply` sets for a path; counts the TCP connections it was
 * opened with (a refused endpoint must open none).
 */
export async function startPushService() {
  const received: PushRequest[] = [];
  const replies = new Map<string, Reply>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const reply = replies.get(path) ?? { status: 201 };
      res.writeHead(reply.status, reply.headers);
      res.end();
    });
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    connections: () => connections,
    /** Subscription endpoints are https URLs, as browsers give them; the agent below carries them over plain TCP. */
    endpoint: (path: string) => `https://127.0.0.1:${port}${path}`,
    reply: (path: string, value: Reply) => replies.set(path, value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An https agent that opens plain TCP sockets: web-push always calls https.request, the stand-in speaks HTTP. */
export class PlainTextAgent extends https.Agent {
  createConnection(options: https.RequestOptions): net.Socket {
    return net.connect(Number(options.port), options.hostname ?? options.host ?? '127.0.0.1');
  }
}
