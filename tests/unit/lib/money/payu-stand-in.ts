import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of PayU's postservice answering `cancel_refund_transaction`
 * in PayU's documented format: status 1 with a request_id ("Refund Request
 * Queued", error_code 102) when it takes a refund, status 0 with an error
 * code otherwise (106 "Token already exists" for a token it took before, 105
 * "Invalid amount" above the payment). The hash is checked with the formula
 * written out here: sha512(key|command|var1|salt).
 */
export type Scripted = 'ok' | '500' | 'not-json' | 'refuse';

export type PayuStandIn = {
  url: string;
  /** Answers to give next, in order; then 'ok'. */
  script: Scripted[];
  /** Every form posted. */
  requests: Record<string, string>[];
  /** Refunds taken, by token. */
  taken: Map<string, { mihpayid: string; amount: string }>;
  close: () => Promise<void>;
};

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

export async function startPayuStandIn(key: string, salt: string): Promise<PayuStandIn> {
  const state = { script: [] as Scripted[], requests: [] as Record<string, string>[], taken: new Map<string, { mihpayid: string; amount: string }>() };
  let requestIds = 7000;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      state.requests.push(form);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url !== '/merchant/postservice.php?form=2' || form.command !== 'cancel_refund_transaction')
        return json(404, { status: 0, msg: 'unknown command' });
      if (form.key !== key || form.hash !== sha512(`${form.key}|${form.command}|${form.var1}|${salt}`)) return json(200, { status: 0, msg: 'Invalid Hash.' });
      const next = state.script.shift() ?? 'ok';
      if (next === '500') return json(500, { status: 0, msg: 'Internal error' });
      if (next === 'not-json') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html>Bad gateway</html>');
      }
      if (next === 'refuse') return json(200, { status: 0, msg: 'Refund FAILURE - Invalid amount', error_code: 105, mihpayid: form.var1 });
      if (state.taken.has(form.var2)) return json(200, { status: 0, msg: 'Token already exists', error_code: 106, mihpayid: form.var1 });
      if (!form.var2 || form.var2.length > 23) return json(200, { status: 0, msg: 'Input Data missing', error_code: 124 });
      state.taken.set(form.var2, { mihpayid: form.var1, amount: form.var3 });
      json(200, { status: 1, msg: 'Refund Request Queued', request_id: String(++requestIds), bank_ref_num: null, mihpayid: form.var1, error_code: 102 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/merchant/postservice.php?form=2`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
