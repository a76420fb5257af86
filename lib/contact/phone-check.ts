/*
 * The phone part of the client's field checks (./checks), in a module of its own so the booking
 * form's first-load JavaScript carries only what its phone field needs.
 */
import { fail, ok, type Check } from './check';

/** As `dialCodeSchema`: "+" dropped, 1 to 4 digits not starting with 0. */
export function checkDialCode(input: unknown): Check<string> {
  if (typeof input !== 'string') return fail('phoneRequired');
  const v = input.trim().replace(/^\+/, '');
  return /^[1-9]\d{0,3}$/.test(v) ? ok(v) : fail('phoneInvalid');
}

/** As `nationalPhoneSchema`: spaces, dashes and brackets stripped, a leading 0 dropped, then 6 to 14 digits. */
export function checkNationalNumber(input: unknown): Check<string> {
  if (typeof input !== 'string') return fail('phoneRequired');
  const trimmed = input.trim();
  if (trimmed.length < 1) return fail('phoneRequired');
  const v = trimmed.replace(/[\s\-().]/g, '').replace(/^0+/, '');
  return /^\d{6,14}$/.test(v) ? ok(v) : fail('phoneInvalid');
}

/** As `phoneSchema`; the message is the first issue's (dial code before number). */
export function checkPhone(input: unknown): Check<{ dialCode: string; number: string }> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('phoneRequired');
  const { dialCode, number } = input as Record<string, unknown>;
  const d = checkDialCode(dialCode);
  const n = checkNationalNumber(number);
  if (!d.ok) return fail(d.message, 'dialCode');
  if (!n.ok) return fail(n.message, 'number');
  return ok({ dialCode: d.value, number: n.value });
}
