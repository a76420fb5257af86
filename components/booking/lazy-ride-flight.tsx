'use client';

import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import { create } from 'zustand';
import { loadOnce } from '@/lib/ui/load-once';
import ui from '@/components/ui/ui.module.css';
import type { RideFlight as RideFlightComponent } from './ride-flight';

/*
 * An airport trip's flight fields are fetched with the first airport trip, not in every rider's first load
 * (the landing page's 150 kB budget, docs/architecture/booking.md#first-load). Like the phone field
 * (components/auth/lazy-phone-field.tsx), the lazy component is rendered only once its code is here, so a
 * failed fetch is an error beside the trip switch with a retry, never a crashed page.
 */

const useRideFlightStore = create(() => ({ loaded: false }));

const loadRideFlight = loadOnce(async (): Promise<{ default: typeof RideFlightComponent }> => {
  const m = await import('./ride-flight');
  useRideFlightStore.setState({ loaded: true });
  return { default: m.RideFlight };
});

const RideFlight = lazy(loadRideFlight);

/** Whether the flight fields' code has arrived (the form's Continue waits for their check). */
export const useRideFlightLoaded = () => useRideFlightStore((state) => state.loaded);

/** RideFlight, fetched when first shown; the same props. */
export function LazyRideFlight(props: ComponentProps<typeof RideFlightComponent>) {
  const t = useTranslations('Booking');
  const loaded = useRideFlightLoaded();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadRideFlight().catch(() => live && setFailed(true));
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
