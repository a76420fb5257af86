/**
 * The forms' zod-free checks (lib/contact/checks, lib/fares/quote-rules) answer as
 * the server's zod schemas do: the same parsed values, the same first message
 * key, for the inputs riders and partners type.
 */
import { emailSchema, personNameSchema, phoneSchema } from '@/lib/contact/identifiers';
import { checkEmail, checkPersonName, checkPhone, type Check } from '@/lib/contact/checks';
import { quoteRequestSchema } from '@/lib/fares/schemas';
import { quoteRequestIssues, type QuoteFields } from '@/lib/fares/quote-rules';
import type { ZodType } from 'zod';

function viaZod(schema: ZodType, input: unknown): Check<unknown> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, message: issue.message, ...(issue.path.length ? { path: String(issue.path[0]) } : {}) };
}

const strings = ['', ' ', 'a', '  Asha  ', 'x'.repeat(50), ` ${'x'.repeat(50)} `, 'x'.repeat(51), 'Ré Ñ 李', undefined, null, 42, {}];

describe('checks equal the zod schemas', () => {
  const emails = [
    ...strings,
    'a@b.co',
    ' Hello@MeridianCabs.Example ',
    'no-at.example.com',
    'a@b',
    'a@b.c',
    'first.last+tag@sub.domain.org',
    '.dot@x.com',
    'a..b@x.com',
    "o'neil@x.ie",
    'a@-x.com',
    `${'a'.repeat(250)}@x.com`,
    'user@exa_mple.com',
    'ünï@x.com',
  ];
  it.each(emails.map((e) => [e]))('email %j', (input) => {
    expect(checkEmail(input)).toEqual(viaZod(emailSchema, input));
  });

  it.each(strings.map((s) => [s]))('person name %j', (input) => {
    expect(checkPersonName(input)).toEqual(viaZod(personNameSchema, input));
  });

  const dials = ['91', '+91', ' 1 ', '0', '', '12345', '971', 'abc', '+', undefined, 7];
  const numbers = [
    '9876543210',
    '09876543210',
    '98765 43210',
    '(987) 654-3210',
    '98.76.54',
    '12345',
    '123456',
    '123456789012345',
    '12345678901234',
    '',
    '   ',
    'abc123456',
    '0000',
    undefined,
    9876543210,
  ];
  const phones: unknown[] = [undefined, null, 'string', [], {}];
  for (const dialCode of dials) for (const number of numbers) phones.push({ dialCode, number });
  phones.push({ dialCode: '91', number: '9876543210', extra: 'dropped' });
  it('phone, over every dial code and number', () => {
    for (const input of phones) {
      const expected = viaZod(phoneSchema, input);
      expect({ input, result: checkPhone(input) }).toEqual({ input, result: expected });
    }
  });
});

describe('quote request checks equal quoteRequestSchema', () => {
  const now = Date.now();
  const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
  const chennai = { lat: 13.08, lng: 80.27, name: 'Chennai' };
  const airport = { lat: 12.99, lng: 80.17, name: 'Chennai Airport' };
  const base: QuoteFields = {
    rideType: 'oneway',
    tripKind: 'outstation',
    packageDetails: null,
    pickupLocation: chennai,
    dropoffLocation: airport,
    pickupTime: at(3),
    returnTime: null,
  };
  const cases: [string, QuoteFields][] = [
    ['complete', base],
    ['empty', { ...base, pickupLocation: null, dropoffLocation: null, pickupTime: null }],
    ['no drop-off', { ...base, dropoffLocation: null }],
    ['rental without package', { ...base, tripKind: 'rental', dropoffLocation: null }],
    ['rental return', { ...base, tripKind: 'rental', dropoffLocation: null, packageDetails: '8h80km', rideType: 'return' }],
    ['rental ok', { ...base, tripKind: 'rental', dropoffLocation: null, packageDetails: '8h80km' }],
    ['return without time', { ...base, rideType: 'return' }],
    ['return before pickup', { ...base, rideType: 'return', returnTime: at(2) }],
    ['return ok', { ...base, rideType: 'return', returnTime: at(30) }],
    ['past', { ...base, pickupTime: at(-1) }],
    ['too far', { ...base, pickupTime: at(24 * 181) }],
    ['zoned offset', { ...base, pickupTime: new Date(now + 7_200_000 + 19_800_000).toISOString().replace('Z', '+05:30').replace(/\.\d+/, '') }],
    ['blank place name', { ...base, pickupLocation: { ...chennai, name: '  ' } }],
    ['bad time', { ...base, pickupTime: 'tomorrow' }],
  ];
  it.each(cases)('%s', (name, input) => {
    const parsed = quoteRequestSchema.safeParse(input);
    const fromZod = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message }));
    const fromChecks = quoteRequestIssues(input, now);
    // the form shows the first message per field
    const firstOf = (issues: { path: string; message: string }[]) => {
      const byField: Record<string, string> = {};
      for (const issue of issues) byField[issue.path] ??= issue.message;
      return byField;
    };
    if (name === 'blank place name' || name === 'bad time') {
      // shapes the form never builds: zod answers with its own English text, the form with a key
      expect(Object.keys(firstOf(fromChecks))).toEqual(Object.keys(firstOf(fromZod)));
      return;
    }
    expect(firstOf(fromChecks)).toEqual(firstOf(fromZod));
  });
});
