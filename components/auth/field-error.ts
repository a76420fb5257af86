'use client';

import { useTranslations } from 'next-intl';
import type { FieldError } from 'react-hook-form';
import { phoneSchema } from '@/lib/contact/identifiers';

/** Translates a schema message key (Validation namespace) for a form field. */
export function useFieldError() {
  const t = useTranslations('Validation');
  return (error: FieldError | undefined) => (error?.message ? (t.has(error.message as 'nameRequired') ? t(error.message as 'nameRequired') : error.message) : undefined);
}

/**
 * The phone field's message, checked with the shared schema on every change
 * (react-hook-form does not surface nested errors of a controlled object field).
 */
export function usePhoneError() {
  const t = useTranslations('Validation');
  return (value: unknown, optional: boolean): string | undefined => {
    if (optional && !(value as { number?: string } | undefined)?.number) return undefined;
    const result = phoneSchema.safeParse(value ?? {});
    return result.success ? undefined : t(result.error.issues[0].message as 'phoneInvalid');
  };
}
