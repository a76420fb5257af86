import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type GraphCall = { path: string; authorization?: string; body: { to: string; type: string; text: { body: string } } };

/** A local stand-in for the Graph API: records every message POST and answers like Meta does. */
export async function startGraphStandIn(): Promise<{ base: string; calls: GraphCall[]; close: () => Promise<void> }> {
  const calls: GraphCall[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.out.${calls.length}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}/v21.0`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
