import { createHash } from 'node:crypto';
import { payuServiceUrl } from '@/lib/hosting/integrations';
import { formatAmount } from './payu';

/**
 * PayU's refund API: the `cancel_refund_transaction` command of its
 * postservice (form=2 answers JSON). var1 is PayU's id of the payment
 * (mihpayid), var2 our token for this refund (unique, at most 23
 * characters: PayU refuses a second request with the same token, which makes
 * retries safe), var3 the amount; hash = sha512(key|command|var1|salt).
 * PayU answers status 1 with a request_id when it took the refund (error
 * code 102, queued, is a success), else status 0 with an error code.
 */

export type RefundCall = { key: string; salt: string; mihpayid: string; token: string; amount: number };

/** accepted: PayU took it (or already had this token); retry: try again later; refused: PayU will never take it. */
export type RefundAnswer =
  { outcome: 'accepted'; requestId: string | null; message: string } | { outcome: 'retry' | 'refused'; message: string; code?: number };

/** Error codes that say PayU already holds a refund request with this token. */
const ALREADY_REQUESTED = new Set([106, 109, 227]);
/** Error codes PayU keeps answering whatever the retry: the amount, the transaction or its state is wrong. */
const REFUSED = new Set([103, 105, 107, 108, 110, 111, 113, 115, 116, 117, 119, 121, 124, 125, 128, 129, 230]);

export const REFUND_COMMAND = 'cancel_refund_transaction';
export const refundHash = (key: string, mihpayid: string, salt: string) =>
  createHash('sha512').update(`${key}|${REFUND_COMMAND}|${mihpayid}|${salt}`, 'utf8').digest('hex');

type PayuJson = { status?: number | string; msg?: string; request_id?: string | number | null; error_code?: number | string };

/** Reads PayU's answer to a refund request. */
export function readRefundAnswer(httpStatus: number, body: string): RefundAnswer {
  if (httpStatus >= 500 || httpStatus === 429) return { outcome: 'retry', message: `PayU answered ${httpStatus}` };
  let json: PayuJson;
  try {
    json = JSON.parse(body) as PayuJson;
  } catch {
    return { outcome: 'retry', message: `PayU answered ${httpStatus} without JSON: ${body.slice(0, 120)}` };
  }
  const code = json.error_code === undefined ? undefined : Number(json.error_code);
  const message = String(json.msg ?? 'no message');
  if (Number(json.status) === 1)
    return { outcome: 'accepted', requestId: json.request_id === null || json.request_id === undefined ? null : String(json.request_id), message };
  if (code !== undefined && ALREADY_REQUESTED.has(code)) return { outcome: 'accepted', requestId: null, message };
  if (/invalid hash|invalid key/i.test(message) || (code !== undefined && REFUSED.has(code))) return { outcome: 'refused', message, code };
  return { outcome: 'retry', message, code };
}

/** Asks PayU to refund `amount` (minor units) of a captured payment; network trouble and server errors are `retry`. */
export async function requestPayuRefund(call: RefundCall): Promise<RefundAnswer> {
  const url = payuServiceUrl();
  const body = new URLSearchParams({
    key: call.key,
    command: REFUND_COMMAND,
    var1: call.mihpayid,
    var2: call.token,
    var3: formatAmount(call.amount),
    hash: refundHash(call.key, call.mihpayid, call.salt),
  });
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.message : String(error));
    return { outcome: 'retry', message: `Could not reach PayU at ${new URL(url).host}: ${cause}` };
  }
  return readRefundAnswer(res.status, await res.text().catch(() => ''));
}
