'use client';

import { useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';

type ErrorKey = 'errors.logoMissing';

/** The text of a failed settings call in the user's language: its Settings.errors or Validation key with its values, else the generic failure. */
export function useFailureText() {
  const t = useTranslations('Settings');
  const tv = useTranslations('Validation');
  return (error: unknown): { field?: string; text: string } => {
    const failure = failureOf(error);
    const key = failure.key;
    const values = failure.values ?? {};
    if (key && t.has(`errors.${key}` as ErrorKey)) return { field: failure.field, text: t(`errors.${key}` as ErrorKey, values as never) };
    if (key && tv.has(key as 'emailInvalid')) return { field: failure.field, text: tv(key as 'emailInvalid') };
    return { field: failure.field, text: t('saveFailed') };
  };
}

/** The text of a Settings.errors or Validation key (a form's own check). */
export function useKeyText() {
  const t = useTranslations('Settings');
  const tv = useTranslations('Validation');
  return (key: string, values: Record<string, string | number> = {}): string => {
    if (t.has(`errors.${key}` as ErrorKey)) return t(`errors.${key}` as ErrorKey, values as never);
    if (tv.has(key as 'emailInvalid')) return tv(key as 'emailInvalid');
    return key;
  };
}
