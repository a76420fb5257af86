'use client';

import { useTranslations } from 'next-intl';
import type { ApiFailure } from '@/lib/api/typed-client';
import { useApiErrorText } from '@/components/ui/use-api-error';

/** An API failure of the money screens in the user's language: its key in `Money.errors` (with its values), else the shared lookup. */
export function useMoneyErrorText() {
  const tm = useTranslations('Money');
  const fallback = useApiErrorText();
  return (failure: ApiFailure): string => {
    const key = failure.key ? `errors.${failure.key}` : undefined;
    if (key && tm.has(key as 'errors.feeInvalid')) return (tm as unknown as (k: string, v?: Record<string, string | number>) => string)(key, failure.values);
    return fallback(failure);
  };
}
