/*
 * The client's copy of the field schemas in ./identifiers, without zod: the
 * same transforms, the same order of checks and the same message keys
 * (Validation namespace), so forms can validate without shipping zod's
 * ~45 kB. The server keeps parsing with the zod schemas;
 * tests/unit/lib/auth/client-checks.test.ts holds both to the same answers.
 */

import { fail, ok, type Check } from './check';

export type { Check } from './check';

export const NAME_MAX = 50;

/** zod 4's e-mail pattern (`z.email()`, zod/v4/core/regexes `email`). */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** As `emailSchema`: trimmed, lower-cased, 1 to 254 characters, an address. */
export function checkEmail(input: unknown): Check<string> {
  if (typeof input !== 'string') return fail('emailRequired');
  const v = input.trim().toLowerCase();
  if (v.length < 1) return fail('emailRequired');
  if (v.length > 254) return fail('emailInvalid');
  return EMAIL.test(v) ? ok(v) : fail('emailInvalid');
}

export { checkPhone } from './phone-check';

/** As `personNameSchema`. */
export function checkPersonName(input: unknown): Check<string> {
  if (typeof input !== 'string') return fail('nameRequired');
  const v = input.trim();
  if (v.length < 1) return fail('nameRequired');
  return v.length > NAME_MAX ? fail('nameTooLong') : ok(v);
}
