/**
 * One rule per input on both sides (docs/architecture/api.md, step 5): the
 * forms' schemas and checks are the very zod/mini objects the route handlers'
 * schemas are built from, and they answer with the parsed values and message
 * keys (Validation namespace) the forms and the API rely on.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import type { ZodObject, ZodOptional, ZodPipe } from 'zod';
import { emailSchema, otpSchema, personNameSchema, phoneSchema, businessNameSchema } from '@/lib/contact/identifiers';
import { bookingSignupSchema, deliverySignupSchema, partnerSignupSchema, phoneLoginSchema, type BookingSignupInput } from '@/lib/auth/form-schemas';
import { sendCodeSchema, verifyCodeSchema } from '@/lib/auth/schemas';
import { bookRideSchema } from '@/lib/booking/schemas';
import { passengerOf } from '@/components/trust/passenger-fields';
import { loadFieldSchemas } from '@/components/auth/field-schemas';
import { quoteRequestSchema } from '@/lib/fares/schemas';
import { isoTimeSchema, placeSchema } from '@/lib/fares/quote-fields';
import { loadQuoteFields, quoteRequestIssues, type QuoteFields } from '@/lib/fares/quote-rules';

type Shape = Record<string, unknown>;
/** The object under a route schema's transform (`z.object(...).transform(...)` is a pipe). */
const routeShape = (schema: unknown): Shape => ((schema as ZodPipe).in as ZodObject).shape;
const unwrap = (schema: unknown) => (schema as ZodOptional).unwrap();

describe('the forms and the routes share the schema objects', () => {
  it('sign-in and signup forms are built from the field schemas', () => {
    expect(phoneLoginSchema.shape.phone).toBe(phoneSchema);
    expect(bookingSignupSchema.shape.userName).toBe(personNameSchema);
    expect(bookingSignupSchema.shape.phone).toBe(phoneSchema);
    expect(partnerSignupSchema.shape).toEqual({ name: businessNameSchema, email: emailSchema, phone: phoneSchema });
    expect(deliverySignupSchema.shape.name).toBe(businessNameSchema);
    expect(deliverySignupSchema.shape.email).toBe(emailSchema);
  });

  it('the code routes parse with the same field schemas', () => {
    for (const schema of [sendCodeSchema, verifyCodeSchema]) expect(unwrap(routeShape(schema).email)).toBe(emailSchema);
    expect(routeShape(verifyCodeSchema).otp).toBe(otpSchema);
  });

  it('the forms that fetch the field schemas get these very objects', async () => {
    const fetched = await loadFieldSchemas();
    expect(fetched.emailSchema).toBe(emailSchema);
    expect(fetched.phoneSchema).toBe(phoneSchema);
  });

  it('booking and quoting parse with the schemas the booking form checks with', () => {
    const passenger = (unwrap(bookRideSchema.shape.passenger) as ZodObject).shape;
    expect(passenger).toEqual({ name: personNameSchema, phone: phoneSchema });
    expect(unwrap(unwrap(quoteRequestSchema.shape.pickupLocation))).toBe(placeSchema);
    expect(unwrap(unwrap(quoteRequestSchema.shape.returnTime))).toBe(isoTimeSchema);
  });
});

function answer(
  schema: { safeParse: (input: unknown) => { success: boolean; data?: unknown; error?: { issues: { message: string; path: PropertyKey[] }[] } } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data };
  const issue = result.error!.issues[0];
  return { message: issue.message, ...(issue.path.length ? { path: issue.path.join('.') } : {}) };
}

describe('field schemas keep their behaviour', () => {
  it.each([
    [' Hello@MeridianCabs.Example ', { value: 'hello@meridiancabs.example' }],
    ["o'neil@x.ie", { value: "o'neil@x.ie" }],
    ['first.last+tag@sub.domain.org', { value: 'first.last+tag@sub.domain.org' }],
    ['', { message: 'emailRequired' }],
    ['   ', { message: 'emailRequired' }],
    [undefined, { message: 'emailRequired' }],
    [42, { message: 'emailRequired' }],
    ['a@b', { message: 'emailInvalid' }],
    ['a..b@x.com', { message: 'emailInvalid' }],
    ['ünï@x.com', { message: 'emailInvalid' }],
    [`${'a'.repeat(250)}@x.com`, { message: 'emailInvalid' }],
  ])('email %j', (input, expected) => {
    expect(answer(emailSchema, input)).toEqual(expected);
  });

  it.each([
    ['  Asha  ', { value: 'Asha' }],
    [` ${'x'.repeat(50)} `, { value: 'x'.repeat(50) }],
    ['Ré Ñ 李', { value: 'Ré Ñ 李' }],
    ['', { message: 'nameRequired' }],
    [' ', { message: 'nameRequired' }],
    [null, { message: 'nameRequired' }],
    ['x'.repeat(51), { message: 'nameTooLong' }],
  ])('person name %j', (input, expected) => {
    expect(answer(personNameSchema, input)).toEqual(expected);
  });

  it.each([
    [{ dialCode: '+91', number: '098765 43210' }, { value: { dialCode: '91', number: '9876543210' } }],
    [{ dialCode: ' 1 ', number: '(987) 654-3210' }, { value: { dialCode: '1', number: '9876543210' } }],
    [{ dialCode: '91', number: '9876543210', extra: 'dropped' }, { value: { dialCode: '91', number: '9876543210' } }],
    [undefined, { message: 'phoneRequired' }],
    ['string', { message: 'phoneRequired' }],
    [{}, { message: 'phoneRequired', path: 'dialCode' }],
    [
      { dialCode: '0', number: '' },
      { message: 'phoneInvalid', path: 'dialCode' },
    ],
    [
      { dialCode: '12345', number: '9876543210' },
      { message: 'phoneInvalid', path: 'dialCode' },
    ],
    [
      { dialCode: '91', number: '   ' },
      { message: 'phoneRequired', path: 'number' },
    ],
    [
      { dialCode: '91', number: '12345' },
      { message: 'phoneInvalid', path: 'number' },
    ],
    [
      { dialCode: '91', number: '123456789012345' },
      { message: 'phoneInvalid', path: 'number' },
    ],
    [
      { dialCode: '91', number: 'abc123456' },
      { message: 'phoneInvalid', path: 'number' },
    ],
    [
      { dialCode: '91', number: 9876543210 },
      { message: 'phoneRequired', path: 'number' },
    ],
  ])('phone %j', (input, expected) => {
    expect(answer(phoneSchema, input)).toEqual(expected);
  });
});

describe('the forms check with them', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<BookingSignupInput>;

  it('the booking signup resolver parses and names the first issue per field', async () => {
    const resolver = zodResolver(bookingSignupSchema);
    await expect(resolver({ userName: ' Asha ', phone: { dialCode: '+91', number: '09876543210' } }, undefined, options)).resolves.toEqual({
      values: { userName: 'Asha', phone: { dialCode: '91', number: '9876543210' } },
      errors: {},
    });
    const { errors } = await resolver({ userName: '', phone: { dialCode: '91', number: '123' } }, undefined, options);
    expect(errors.userName?.message).toBe('nameRequired');
    expect((errors.phone as Record<string, { message: string }>).number.message).toBe('phoneInvalid');
  });

  it('the passenger check answers with the booking route keys', () => {
    expect(passengerOf({ forOther: true, name: ' ', phone: undefined })).toEqual({ ok: false, field: 'name', message: 'nameRequired' });
    expect(passengerOf({ forOther: true, name: 'Ravi', phone: { dialCode: '91', number: '12' } })).toEqual({
      ok: false,
      field: 'phone',
      message: 'phoneInvalid',
    });
    expect(passengerOf({ forOther: true, name: ' Ravi ', phone: { dialCode: '91', number: '098765 43210' } })).toEqual({
      ok: true,
      passenger: { name: 'Ravi', phone: { dialCode: '91', number: '9876543210' } },
    });
  });
});

describe('quote request checks equal quoteRequestSchema', () => {
  beforeAll(() => loadQuoteFields());

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
