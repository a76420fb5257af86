import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Check } from '@/lib/contact/checks';

/**
 * A react-hook-form resolver from per-field checks (lib/contact/checks), in place
 * of zodResolver over the matching zod object: the same parsed values on
 * success (unknown fields dropped), the first message per field on failure.
 */
export function checksResolver<T extends FieldValues>(checks: { [K in keyof T]: (value: unknown) => Check<T[K]> }): Resolver<T> {
  return (values, _context, options) => {
    const parsed: Record<string, unknown> = {};
    const errors: Record<string, FieldError> = {};
    for (const key of Object.keys(checks) as (keyof T & string)[]) {
      const result = checks[key](values[key]);
      if (result.ok) parsed[key] = result.value;
      else errors[result.path ? `${key}.${result.path}` : key] = { type: 'custom', message: result.message };
    }
    if (Object.keys(errors).length) return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
    if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
    return { values: parsed as T, errors: {} };
  };
}
