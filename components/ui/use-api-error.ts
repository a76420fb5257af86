'use client';

import { useTranslations } from 'next-intl';
import type { ApiFailure } from '@/lib/api/typed-client';

const camel = (code: string) => code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The user's-language text of an API failure: the Validation key of a 400, or
 * the error code (snake_case -> camelCase) when Validation knows it, else the
 * server's English message.
 */
export function useApiErrorText() {
  const tv = useTranslations('Validation');
  const te = useTranslations('AuthErrors');
  return (failure: ApiFailure): string => {
    for (const key of [failure.key, camel(failure.code)])
      if (key && tv.has(key as 'pickupRequired'))
        return failure.values ? (tv as unknown as (k: string, v: Record<string, string | number>) => string)(key, failure.values) : tv(key as 'pickupRequired');
    if (te.has(failure.code as 'generic')) return te(failure.code as 'generic');
    return failure.message.replace(/^\w+: /, '') || te('generic');
  };
}
