'use client';

import { useTranslations } from 'next-intl';
import type { FieldError } from 'react-hook-form';
import { loadFieldSchemas, useFieldSchemas } from './field-schemas';

/** Translates a schema message key (Validation namespace) for a form field. */
export function useFieldError() {
  const t = useTranslations('Validation');
  return (error: FieldError | undefined) =>
    error?.message ? (t.has(error.message as 'nameRequired') ? t(error.message as 'nameRequired') : error.message) : undefined;
}

/**
 * The phone field's message, checked on every change with the shared
 * `phoneSchema` (react-hook-form does not surface nested errors of a
 * controlled object field): the first issue's, dial code before number. The
 * schema comes with the phone input (./lazy-phone-field) or is fetched on the
 * first check (./field-schemas); until then there is no message.
 */
export function usePhoneError() {
  const t = useTranslations('Validation');
  const schemas = useFieldSchemas();
  return (value: unknown, optional: boolean): string | undefined => {
    if (optional && !(value as { number?: string } | undefined)?.number) return undefined;
    if (!schemas) {
      void loadFieldSchemas().catch(() => {});
      return undefined;
    }
    const result = schemas.phoneSchema.safeParse(value ?? {});
    return result.success ? undefined : t(result.error.issues[0].message as 'phoneInvalid');
  };
}
