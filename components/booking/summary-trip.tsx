'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime, formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { toMinor } from '@/lib/money/minor';
import ui from '@/components/ui/ui.module.css';
import type { Quote } from './api';
import type { RideFormData } from './booking-store';
import styles from './booking.module.css';

type Detail = Quote['ride_details'][number];

/** The summary's vehicle card and itinerary: pickup (and its time), drop-off, return, the rental package, flight and trip length. */
export function SummaryTrip({
  trip,
  detail,
  route,
  vehicleLabel,
  timeZone,
}: {
  trip: RideFormData;
  detail: Detail;
  route: Quote['ride_route']['distance_time'];
  vehicleLabel: string;
  timeZone: string;
}) {
  const t = useTranslations('RideSummary');
  const tf = useTranslations('RideFlow');
  const tBooking = useTranslations('Booking');
  const locale = useLocale();
  const id = useId();
  const fee = detail.fee;
  const money = (major: number) => formatMoney(toMinor(major), fee.currency, locale);
  const rental = trip.tripKind === 'rental' ? fee.rental : null;
  const pickupAt = trip.pickupTime === 'now' || !trip.pickupAt ? new Date().toISOString() : trip.pickupAt;

  return (
    <>
      <section className={styles.card} aria-label={vehicleLabel}>
        <div className={styles.summaryHead}>
          <strong>{vehicleLabel}</strong>
          <span className={styles.vehiclePrice}>{money(fee.total_fee)}</span>
        </div>
        <p className={ui.hint}>{detail.vehicle.vehicles.join(', ')}</p>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-itinerary`}>
        <h2 id={`${id}-itinerary`} className={styles.cardTitle}>
          {t('itinerary')}
        </h2>
        <ol className={styles.itinerary}>
          <li>
            <span className={styles.dotP} aria-hidden="true">
              P
            </span>
            <span>
              <strong>{t('pickup')}</strong> {trip.pickupLocation?.name}
              <br />
              <time dateTime={pickupAt}>{formatDateTime(pickupAt, locale, timeZone)}</time>
            </span>
          </li>
          {trip.tripKind !== 'rental' && trip.dropoffLocation ? (
            <li>
              <span className={styles.dotD} aria-hidden="true">
                D
              </span>
              <span>
                <strong>{t('dropoff')}</strong> {trip.dropoffLocation.name}
              </span>
            </li>
          ) : null}
          {trip.rideType === 'return' && trip.returnAt ? (
            <li>
              <span className={styles.dotP} aria-hidden="true">
                ↩
              </span>
              <span>
                <strong>{t('returnTrip')}</strong> <time dateTime={trip.returnAt}>{formatDateTime(trip.returnAt, locale, timeZone)}</time>
              </span>
            </li>
          ) : null}
        </ol>
        {rental ? <p className={ui.hint}>{tf('package', { hours: rental.hours, km: rental.km })}</p> : null}
        {rental ? <p className={ui.hint}>{tf('extraRates', { perKm: money(rental.extra_km_rate), perHour: money(rental.extra_hour_rate) })}</p> : null}
        {trip.tripKind === 'airport' && trip.flightNumber ? (
          <p className={ui.hint}>{t('flight', { flight: trip.flightNumber, direction: tBooking(trip.flightDirection) })}</p>
        ) : null}
        {trip.tripKind !== 'rental' ? (
          <p className={ui.hint}>
            {t('trip', {
              distance: formatKm(route.ride_distance.distance * 1000, locale),
              duration: formatDuration(route.ride_duration.duration * 60, locale),
            })}
          </p>
        ) : null}
      </section>
    </>
  );
}
