'use client';

import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { queryKeys } from '@/lib/query-keys';
import { formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { reportEvent } from '@/lib/tracking/client';
import ui from '@/components/ui/ui.module.css';
import { useApiErrorText } from '@/components/ui/use-api-error';
import { failureOf } from '@/components/data/fetch-data';
import { fetchQuote, type Quote } from './api';
import { BilledMinimum } from './fare-notes';
import { useVehicleName } from '@/components/ui/vehicle-name';
import { quoteInputOf, useBookingStore } from './booking-store';
import { useShallow } from 'zustand/react/shallow';
import { RouteMap } from './route-map';
import { DEFAULT_VEHICLE_IMAGE, TYPE_IMAGES } from '@/lib/fleet/images';
import styles from './booking.module.css';
import { BackArrow } from '@/components/ui/back-arrow';
import { toMinor } from '@/lib/money/minor';

/** "4h40km" -> its hours and km (the package code the form sends). */
function packageOf(code: string | null): { hours: number; km: number } | null {
  const match = /^(\d+)h(\d+)km$/.exec(code ?? '');
  return match ? { hours: Number(match[1]), km: Number(match[2]) } : null;
}

type Detail = Quote['ride_details'][number];

/** One quoted option's radio value: the type, or the type's non-AC option. */
const optionKey = (detail: Detail) => (detail.vehicle.ac === false ? `${detail.vehicle.vehicle_type}-non-ac` : detail.vehicle.vehicle_type);

/**
 * Cards in the vehicles' place while they are priced, as tall as theirs, so the list arriving
 * moves nothing already on screen (the Continue button and the footer stay below the fold).
 */
function VehicleSkeletons() {
  return (
    <div className={styles.vehicles} aria-hidden="true">
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className={`${styles.vehicle} ${styles.vehicleSkeleton}`}>
          <span className={styles.vehiclePic} />
          <span className={styles.vehicleMain}>
            <strong>{'\u00a0'}</strong>
            <span>{'\u00a0'}</span>
            <span>{'\u00a0'}</span>
          </span>
          <span className={styles.vehiclePrice}>{'\u00a0'}</span>
        </div>
      ))}
    </div>
  );
}

/** Vehicle step: prices the stored trip, shows the route and the vehicles; Continue after a choice. */
export function VehicleStep() {
  const t = useTranslations('Vehicles');
  const tf = useTranslations('RideFlow');
  const vehicleName = useVehicleName();
  const errorText = useApiErrorText();
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const { form, ready, select, selected } = useBookingStore(useShallow((s) => ({ form: s.form, ready: s.ready, select: s.select, selected: s.selected })));
  // back from the summary: the vehicle chosen there stays chosen
  const [chosen, setChosen] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  if (!restored && selected) {
    setRestored(true);
    setChosen(selected.nonAc ? `${selected.vehicleType}-non-ac` : selected.vehicleType);
  }

  useEffect(() => {
    if (ready && !form) router.replace('/user/home');
  }, [ready, form, router]);

  // One quote per stored form and visit of the step: each call stores a priced search, so it is not cached past the screen.
  const quoteQuery = useQuery({
    queryKey: queryKeys.booking.quote(form),
    queryFn: () =>
      fetchQuote(quoteInputOf(form!)).catch((error: unknown) => {
        console.warn('vehicle fetch error', failureOf(error).message);
        throw error;
      }),
    enabled: ready && form !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
  const quote = quoteQuery.data ?? null;
  const status = quoteQuery.isSuccess ? 'ready' : quoteQuery.isError ? 'failed' : 'loading';
  const failure = quoteQuery.isError ? failureOf(quoteQuery.error) : undefined;
  const problem = failure?.status === 400 ? errorText(failure) : undefined;

  if (!form) return <p className={styles.loading}>{t('loading')}</p>;
  const route = quote?.ride_route.distance_time;
  const rental = form.tripKind === 'rental' ? (quote?.ride_details.find((d) => d.fee.rental)?.fee.rental ?? packageOf(form.packageDetails)) : null;
  // a rental is its package (4 h / 40 km), not the 0 km of a trip without a drop-off
  const tripText = rental
    ? tf('package', { hours: rental.hours, km: rental.km })
    : route
      ? t('trip', { distance: formatKm(route.ride_distance.distance * 1000, locale), duration: formatDuration(route.ride_duration.duration * 60, locale) })
      : '';
  const pickup = form.pickupLocation!;
  const dropoff = form.tripKind === 'rental' ? null : form.dropoffLocation;

  const confirm = () => {
    const detail = quote?.ride_details.find((d) => optionKey(d) === chosen);
    if (!quote || !detail) return;
    const vehicleType = detail.vehicle.vehicle_type;
    select({ quote, vehicleType, ...(detail.vehicle.ac === false ? { nonAc: true } : {}) });
    reportEvent('ride_vehicle_selected', { vehicleType, rideSearchId: quote.ride_search_id });
    router.push('/ride/summary');
  };

  return (
    <div className={styles.vehicleStep}>
      <div className={styles.mapPane}>
        <button type="button" className={styles.backButton} onClick={() => router.push('/user/home')}>
          <BackArrow /> {t('back')}
        </button>
        <RouteMap
          pickup={pickup}
          dropoff={dropoff}
          label={t('mapLabel', { pickup: pickup.name, dropoff: dropoff?.name ?? pickup.name, distance: tripText })}
          tripText={tripText}
          pickupMarker={t('pickupMarker')}
          dropoffMarker={t('dropoffMarker')}
        />
      </div>
      <section className={styles.listPane} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={styles.stepTitle}>
          {t('title')}
        </h1>
        {status === 'loading' ? (
          <>
            <p role="status" className={styles.loading}>
              {t('loading')}
            </p>
            <VehicleSkeletons />
          </>
        ) : null}
        {status === 'failed' || (status === 'ready' && !quote?.ride_details.length) ? (
          <div role="status" className={styles.empty}>
            <p>{t('empty')}</p>
            {problem ? <p className={ui.error}>{problem}</p> : null}
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => router.push('/user/home')}>
              {t('changeTrip')}
            </button>
          </div>
        ) : null}
        {quote?.ride_details.length ? (
          <fieldset className={styles.vehicles}>
            <legend className={styles.srOnly}>{t('listLabel')}</legend>
            {quote.ride_details.map((detail) => {
              const type = detail.vehicle.vehicle_type;
              const key = optionKey(detail);
              const both = quote.ride_details.some((d) => d !== detail && d.vehicle.vehicle_type === type);
              const fee = detail.fee;
              return (
                <label key={key} className={styles.vehicle} data-selected={chosen === key || undefined}>
                  <input type="radio" name={`${id}-vehicle`} value={key} checked={chosen === key} onChange={() => setChosen(key)} />
                  {/* eslint-disable-next-line @next/next/no-img-element -- a small static SVG, the console's per-type illustration */}
                  <img
                    className={styles.vehiclePic}
                    src={TYPE_IMAGES[type] ?? DEFAULT_VEHICLE_IMAGE}
                    alt=""
                    width={64}
                    height={32}
                    loading="lazy"
                    data-vehicle-picture={type}
                  />
                  <span className={styles.vehicleMain}>
                    <strong>{vehicleName(type, detail.vehicle.ac, both)}</strong>
                    <span className={ui.hint}>{t('models', { models: detail.vehicle.vehicles.join(', ') })}</span>
                    <span className={ui.hint}>
                      {t('includes', {
                        ride: formatMoney(toMinor(fee.ride_amount), fee.currency, locale),
                        bata: formatMoney(toMinor(fee.driver_bata), fee.currency, locale),
                        tolls: formatMoney(toMinor(fee.tolls), fee.currency, locale),
                      })}
                    </span>
                    <BilledMinimum minimum={fee.minimum} />
                  </span>
                  <span className={styles.vehiclePrice}>{formatMoney(toMinor(fee.total_fee), fee.currency, locale)}</span>
                </label>
              );
            })}
          </fieldset>
        ) : null}
        {/* under the list, not over the map: a line arriving with the prices must not push the step down (layout shift) */}
        {quote?.ride_route.estimated && !rental ? <p className={ui.hint}>{t('estimated')}</p> : null}
        <button type="button" className={`${ui.button} ${ui.primary} ${styles.full}`} disabled={!chosen || !quote} onClick={confirm}>
          {t('continue')}
        </button>
      </section>
    </div>
  );
}
