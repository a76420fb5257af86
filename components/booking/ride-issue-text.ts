'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { RideIssue } from './ride-issues';

const LIMIT_KEYS = { outside_service_area: 'limitOutsideArea', local_too_far: 'limitLocal', trip_too_far: 'limitTooFar', now_too_far: 'limitNow' } as const;

/** A ride form issue in the rider's words (Validation and RideFlow namespaces). */
export function useRideIssueText() {
  const tv = useTranslations('Validation');
  const tf = useTranslations('RideFlow');
  const locale = useLocale();
  return (issue: RideIssue): string => {
    if (issue.kind === 'rule') return tv(issue.message as 'pickupRequired');
    if (issue.kind === 'typed') return tf('pickFromList', { place: issue.place });
    const { limit } = issue;
    // whole km, Latin digits (as formatKm), without pulling the money formatters into the form's first load
    const km = (value: number) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0, numberingSystem: 'latn' }).format(value);
    const values = {
      limit: km(limit.limitKm),
      distance: 'km' in limit ? km(limit.km) : '',
      nearest: 'nearest' in limit ? (limit.nearest ?? '') : '',
    };
    return tf(LIMIT_KEYS[limit.code] as 'limitLocal', values);
  };
}
