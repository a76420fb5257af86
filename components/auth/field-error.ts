'use client';

import { useTranslations } from 'next-intl';
import type { FieldError } from 'react-hook-form';
import { checkPhone } from '@/lib/contact/phone-check';

/** Translates a schema message key (Validation namespace) for a form field. */
export function useFieldError() {
  const t = useTranslations('Validation');
  return (error: FieldError | undefined) =>
    error?.message ? (t.has(error.message as 'nameRequired') ? t(error.message as 'nameRequired') : error.message) : undefined;
}

/**
 * The phone field's message, checked on every change as the shared schema
 * would (lib/contact/checks mirrors `phoneSchema` without zod; react-hook-form
 * does not surface nested errors of a controlled object field).
 */
export function usePhoneError() {
  const t = useTranslations('Validation');
  return (value: unknown, optional: boolean): string | undefined => {
    if (optional && !(value as { number?: string } | undefined)?.number) return undefined;
    const result = checkPhone(value ?? {});
    return result.ok ? undefined : t(result.message as 'phoneInvalid');
  };
}
