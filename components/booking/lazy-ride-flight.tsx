'use client';

import { Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import { onDemand } from '@/lib/ui/on-demand';
import ui from '@/components/ui/ui.module.css';
import type { RideFlight as RideFlightComponent } from './ride-flight';

/*
 * An airport trip's flight fields are fetched with the first airport trip, not in every rider's first load
 * (the landing page's 150 kB budget, docs/architecture/booking.md#first-load). Like the phone field
 * (lib/ui/on-demand.ts), the component is rendered only once its code is here, so a failed fetch is an
 * error beside the trip switch with a retry, never a crashed page.
 */

const rideFlight = onDemand(async () => (await import('./ride-flight')).RideFlight);
const RideFlight = rideFlight.Component;

/** Whether the flight fields' code has arrived (the form's Continue waits for their check). */
export const useRideFlightLoaded = rideFlight.useLoaded;

/** RideFlight, fetched when first shown; the same props. */
export function LazyRideFlight(props: ComponentProps<typeof RideFlightComponent>) {
  const t = useTranslations('Booking');
  const loaded = useRideFlightLoaded();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    rideFlight.load().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);
  if (loaded)
    return (
      <Suspense fallback={null}>
        <RideFlight {...props} />
      </Suspense>
    );
  if (!failed) return null;
  return (
    <button
      type="button"
      className={`${ui.button} ${ui.secondary}`}
      onClick={() => {
        setFailed(false);
        setAttempt((n) => n + 1);
      }}
    >
      {t('flightFieldsFailed')}
    </button>
  );
}
