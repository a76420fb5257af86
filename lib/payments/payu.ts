import { createHash } from 'node:crypto';

/** PayU hosted checkout endpoints by PAYU_MODE. */
export const PAYU_ENDPOINTS = { test: 'https://test.payu.in/_payment', live: 'https://secure.payu.in/_payment' } as const;

const UDF = ['udf1', 'udf2', 'udf3', 'udf4', 'udf5'] as const;
type Udf = Partial<Record<(typeof UDF)[number], string>>;

export type PayuRequestFields = { key: string; txnid: string; amount: string; productinfo: string; firstname: string; email: string } & Udf;
export type PayuResponseFields = PayuRequestFields & { status: string; additionalCharges?: string };

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
const udfs = (fields: Udf) => UDF.map((name) => fields[name] ?? '');
/** The five reserved fields after the udfs, always empty. */
const RESERVED = ['', '', '', '', ''];

/** sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT), lower-case hex. */
export function requestHash(fields: PayuRequestFields, salt: string): string {
  const { key, txnid, amount, productinfo, firstname, email } = fields;
  return sha512([key, txnid, amount, productinfo, firstname, email, ...udfs(fields), ...RESERVED, salt].join('|'));
}

/** sha512([additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key), lower-case hex. */
export function responseHash(fields: PayuResponseFields, salt: string): string {
  const { key, txnid, amount, productinfo, firstname, email, status, additionalCharges } = fields;
  const parts = [salt, status, ...RESERVED, ...udfs(fields).reverse(), email, firstname, productinfo, amount, txnid, key];
  return sha512((additionalCharges ? [additionalCharges, ...parts] : parts).join('|'));
}

/** Minor units -> the gateway's major units with 2 decimals (12345 -> "123.45"). */
export function formatAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Not an amount in minor units: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The gateway's major units ("123.45", "123.4", "123") -> minor units, or undefined when not a plain amount. */
export function parseAmount(text: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
