import http from 'node:http';
import { payuAnswer, sha512 } from '../../unit/lib/payments/payu-answer';

/*
 * A local stand-in for PayU (docs/architecture/money.md), on loopback:
 *
 * - its checkout (POST /_payment, the e2e server's PAYU_ENDPOINT) records the
 *   posted form and shows a page with a Pay button that sends the browser back
 *   to surl with the answer PayU posts on success, signed by the reverse hash
 *   with the merchant's salt;
 * - its postservice (POST /merchant/postservice.php?form=2, the e2e server's
 *   PAYU_VERIFY_URL) answers `verify_payment` (the console's Test connection)
 *   and `cancel_refund_transaction` (card refunds) in PayU's form=2 JSON,
 *   checking the key and the hash sha512(key|command|var1|salt) as PayU does.
 *
 * It knows the e2e server's merchant (PAYU_KEY e2eKey, PAYU_SALT e2eSalt);
 * tests add one with POST /_merchants {key, salt} and read what it received
 * with GET /_requests. Run directly, it listens on PAYU_STAND_IN_PORT.
 */

export const E2E_KEY = 'e2eKey';
export const E2E_SALT = 'e2eSalt';

export type PostedForm = Record<string, string>;
/** A postservice call as received: the form, and whether its key and hash were good. */
export type ServiceCall = PostedForm & { keyKnown: 'yes' | 'no'; hashOk: 'yes' | 'no' };
export type StandInRequests = { payments: PostedForm[]; service: ServiceCall[] };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type State = StandInRequests & { merchants: Map<string, string>; tokens: Set<string>; next: number };

function checkoutPage(state: State, form: PostedForm): string {
  const salt = state.merchants.get(form.key);
  const title = '<!doctype html><meta charset="utf-8"><title>Stand-in gateway</title><h1>Stand-in gateway</h1>';
  if (!salt || !form.surl) return `${title}<p>Unknown merchant key.</p>`;
  // a fresh PayU id per payment, so each test finds its own refund requests
  const answer = payuAnswer(form, { salt, mihpayid: `4039937155${24050000 + state.next++}` });
  const fields = Object.entries(answer)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`)
    .join('');
  return `${title}<p>Amount: ${escapeHtml(form.amount ?? '')}</p><form method="post" action="${escapeHtml(form.surl)}">${fields}<button type="submit">Pay</button></form>`;
}

/** The postservice's answer to one call, as PayU words it. */
function serviceAnswer(state: State, call: ServiceCall): unknown {
  if (call.keyKnown === 'no') return { status: 0, msg: 'Invalid key' };
  if (call.hashOk === 'no') return { status: 0, msg: 'Invalid Hash.' };
  if (call.command === 'verify_payment')
    return {
      status: 0,
      msg: '0 out of 1 Transactions Fetched Successfully',
      transaction_details: { [call.var1]: { mihpayid: 'Not Found', status: 'Not Found' } },
    };
  if (call.command === 'cancel_refund_transaction') {
    if (!/^\d+\.\d{2}$/.test(call.var3 ?? '')) return { status: 0, msg: 'Invalid amount', error_code: 105 };
    if (state.tokens.has(call.var2)) return { status: 0, msg: 'Request for this token already exists', error_code: 106 };
    state.tokens.add(call.var2);
    return { status: 1, msg: 'Refund Request Queued', request_id: String(130364000 + state.next++), bank_ref_num: null, mihpayid: call.var1, error_code: 102 };
  }
  return { status: 0, msg: 'Invalid command' };
}

function handle(state: State, req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const json = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (req.method === 'GET' && url.pathname === '/_requests') return json(200, { payments: state.payments, service: state.service });
  if (req.method === 'POST' && url.pathname === '/_merchants') {
    const { key, salt } = JSON.parse(body) as { key: string; salt: string };
    state.merchants.set(key, salt);
    return json(200, { ok: true });
  }
  if (req.method === 'POST' && url.pathname === '/_payment') {
    const form = Object.fromEntries(new URLSearchParams(body));
    state.payments.push(form);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end(checkoutPage(state, form));
  }
  if (req.method === 'POST' && url.pathname === '/merchant/postservice.php' && url.searchParams.get('form') === '2') {
    const form = Object.fromEntries(new URLSearchParams(body));
    const salt = state.merchants.get(form.key ?? '');
    const call: ServiceCall = {
      ...form,
      keyKnown: salt === undefined ? 'no' : 'yes',
      hashOk: salt !== undefined && form.hash === sha512(`${form.key}|${form.command}|${form.var1}|${salt}`) ? 'yes' : 'no',
    };
    state.service.push(call);
    return json(200, serviceAnswer(state, call));
  }
  json(404, { status: 0, msg: 'Not found' });
}

/** Starts the stand-in on `port` on loopback. */
export async function startPayuStandIn(port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const state: State = { payments: [], service: [], merchants: new Map([[E2E_KEY, E2E_SALT]]), tokens: new Set(), next: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handle(state, req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the stand-in running for the suite (playwright.config.ts) has received so far. */
export async function payuRequests(base: string): Promise<StandInRequests> {
  return (await (await fetch(`${base}/_requests`)).json()) as StandInRequests;
}

if (process.argv[1] && /payu-stand-in/.test(process.argv[1])) {
  const port = Number(process.env.PAYU_STAND_IN_PORT ?? 2530);
  void startPayuStandIn(port).then(({ url }) => console.log(`PayU stand-in on ${url}`));
}
