'use client';

import { useEffect, useMemo, useState } from 'react';
import type { TripLimitIssue } from '@/lib/fares/trip-limits';
import type { RideFormData } from './booking-store';
import type { FormLimits } from './limit-check';

type LimitRun = { run: typeof import('./limit-check').limitIssueOf };

/**
 * The operator's trip limit the trip breaks, checked in the browser as the quote checks it. The check
 * is fetched once a pickup is picked; until it is there, `pending` keeps Continue waiting for it.
 */
export function useLimitIssue(limits: FormLimits | undefined, trip: RideFormData): { limit?: TripLimitIssue; pending: boolean } {
  const wanted = Boolean(limits && trip.pickupLocation);
  const [check, setCheck] = useState<LimitRun | null>(null);
  useEffect(() => {
    if (wanted && !check)
      void import('./limit-check').then(
        (m) => setCheck({ run: m.limitIssueOf }),
        // offline: the quote checks the same limits and says what is wrong
        () => setCheck({ run: () => undefined }),
      );
  }, [wanted, check]);
  const limit = useMemo(() => {
    if (!limits || !check || !trip.pickupLocation || !trip.pickupAt) return undefined;
    return check.run(limits, {
      tripKind: trip.tripKind,
      pickupLocation: trip.pickupLocation,
      dropoffLocation: trip.dropoffLocation,
      pickupAt: trip.pickupAt,
    });
  }, [limits, check, trip]);
  return { limit, pending: wanted && !check };
}
