import { createHash } from 'node:crypto';

/*
 * What PayU posts back to surl for a checkout form, for the tests that play
 * PayU (jest's payment, tenancy and origin suites, and the e2e stand-in of
 * tests/e2e/support/payu-stand-in.ts). The reverse hash is written out here,
 * not taken from lib/payments, so a wrong formula there fails these tests:
 * sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key),
 * with the udfs empty and no additional charges.
 */

export const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

type CheckoutForm = Record<string, string>;

export function payuAnswer(
  form: CheckoutForm,
  { status = 'success', salt, mihpayid = '403993715', extra = {} }: { status?: string; salt: string; mihpayid?: string; extra?: Record<string, string> },
): Record<string, string> {
  const fields = {
    mihpayid,
    mode: 'CC',
    status,
    key: form.key,
    txnid: form.txnid,
    amount: form.amount,
    productinfo: form.productinfo,
    firstname: form.firstname,
    email: form.email,
    phone: form.phone ?? '',
    udf1: '',
    udf2: '',
    udf3: '',
    udf4: '',
    udf5: '',
    ...extra,
  };
  return {
    ...fields,
    hash: sha512(`${salt}|${status}|||||||||||${form.email}|${form.firstname}|${form.productinfo}|${form.amount}|${form.txnid}|${form.key}`),
  };
}
