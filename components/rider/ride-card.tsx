'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { RideView, RiderRide } from '@/lib/rides/queries';
import { AirportFacts } from '@/components/flights/airport-facts';
import { displayFlightNumber } from '@/lib/booking/flight-number';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { ShareRideLink } from '@/components/tracking/share-ride-link';
import { RideTrust } from '@/components/trust/ride-trust';
import { FareLineItems } from '@/components/booking/fare-line-items';
import { RideCancellation } from './ride-cancellation';
import { RiderRefunds } from './ride-refunds';
import { RideDriver } from './ride-driver';
import ui from '@/components/ui/ui.module.css';
import styles from './rider.module.css';
import rides from './rides.module.css';
import { useVehicleName } from '@/components/ui/vehicle-name';

/** A ride can be cancelled by its rider until the trip starts. */
export const isCancellable = (ride: RideView) => ride.status === 'booked' || ride.status === 'accepted';

const CASHBACK_LINE = {
  booked: 'cashbackPending',
  accepted: 'cashbackPending',
  ontrip: 'cashbackPending',
  completed: 'cashbackCredited',
  cancelled: 'cashbackReversed',
} as const;

/** One of the rider's rides: status, trip, times, start code, itemised fare, cashback and Cancel. */
export function RideCard({ ride, timeZone, onCancel }: { ride: RiderRide; timeZone: string; onCancel: (ride: RideView) => void }) {
  const t = useTranslations('RiderRides');
  const vehicleName = useVehicleName();
  const tk = useTranslations('TripKinds');
  const tf = useTranslations('RideFlow');
  const locale = useLocale();
  const id = useId();
  const money = (minor: number) => formatMoney(minor, ride.currency, locale);
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);
  const rental = /^(\d+)h(\d+)km$/.exec(ride.packageCode ?? '');
  const tt = useTranslations('Trust');

  return (
    <article className={rides.card} aria-labelledby={`${id}-title`}>
      <div className={rides.cardHead}>
        <h2 id={`${id}-title`}>{t('rideId', { id: ride.id })}</h2>
        <span className={rides.badge} data-status={ride.status}>
          {t(`status.${ride.status}`)}
        </span>
      </div>
      <p className={rides.summary}>
        {rental
          ? tf('rentalSummary', {
              tripKind: tk('rental'),
              hours: Number(rental[1]),
              km: Number(rental[2]),
              vehicle: vehicleName(ride.vehicleType, !ride.nonAc),
            })
          : t('summary', {
              tripKind: tk(ride.tripKind),
              rideType: tk(ride.rideType),
              vehicle: vehicleName(ride.vehicleType, !ride.nonAc),
            })}
      </p>
      {ride.dropoff ? (
        <p className={rides.route}>
          <span aria-hidden="true">{t('route', { pickup: ride.pickup.name, dropoff: ride.dropoff.name })}</span>
          <span className="visually-hidden">{t('routeLabel', { pickup: ride.pickup.name, dropoff: ride.dropoff.name })}</span>
        </p>
      ) : (
        <p className={rides.route}>{ride.pickup.name}</p>
      )}
      <dl className={rides.facts}>
        <dt>{t('pickupTime')}</dt>
        <dd>{when(ride.pickupTime)}</dd>
        {ride.returnTime ? (
          <>
            <dt>{t('returnTime')}</dt>
            <dd>{when(ride.returnTime)}</dd>
          </>
        ) : null}
        {ride.tripKind === 'airport' && ride.flightNumber ? (
          <>
            <dt>{t('flight')}</dt>
            <dd>{t(ride.flightDirection === 'departure' ? 'flightDeparture' : 'flightArrival', { flight: displayFlightNumber(ride.flightNumber) })}</dd>
          </>
        ) : null}
      </dl>
      {ride.airport && (ride.status === 'booked' || ride.status === 'accepted') ? (
        <AirportFacts airport={ride.airport} pickupTime={ride.pickupTime} timeZone={timeZone} />
      ) : null}
      {ride.driver ? <RideDriver driver={ride.driver} /> : null}
      {rental ? <p className={styles.muted}>{t('rentalPackage', { hours: Number(rental[1]), km: Number(rental[2]) })}</p> : null}
      {ride.passenger ? <p className={styles.muted}>{tt('passengerOf', { name: ride.passenger.name })}</p> : null}
      {ride.startCode ? <p className={rides.code}>{t.rich('startCode', { code: ride.startCode, strong: (chunks) => <strong>{chunks}</strong> })}</p> : null}
      <h3 className={rides.fareTitle}>{t('fareTitle')}</h3>
      <dl className={rides.fare}>
        <FareLineItems lines={ride.fareLines} currency={ride.currency} promoCode={ride.promoCode} />
        <dt className={rides.total}>{t('total')}</dt>
        <dd className={rides.total}>{money(ride.totalAmount)}</dd>
        {ride.walletApplied > 0 ? (
          <>
            <dt>{tf('walletLine')}</dt>
            <dd>−{money(ride.walletApplied)}</dd>
            <dt className={rides.total}>{tf('toDriver')}</dt>
            <dd className={rides.total}>{money(ride.totalAmount - ride.walletApplied)}</dd>
          </>
        ) : null}
      </dl>
      {ride.cashbackAmount > 0 ? <p className={rides.cashback}>{t(CASHBACK_LINE[ride.status], { amount: money(ride.cashbackAmount) })}</p> : null}
      {ride.status === 'cancelled' && ride.cancelReason ? <p className={styles.muted}>{t('cancelReason', { reason: ride.cancelReason })}</p> : null}
      {ride.status === 'cancelled' ? <RideCancellation ride={ride} timeZone={timeZone} className={styles.muted} /> : null}
      <RiderRefunds ride={ride} className={styles.muted} />
      {ride.status === 'accepted' || ride.status === 'ontrip' ? <ShareRideLink rideId={ride.id} /> : null}
      <RideTrust ride={ride} />
      {isCancellable(ride) ? (
        <div className={styles.actions}>
          <RideCancellation ride={ride} timeZone={timeZone} id={`${id}-cancel-rule`} className={styles.muted} />
          <button
            type="button"
            className={`${ui.button} ${styles.dangerOutline}`}
            aria-describedby={`${id}-title ${id}-cancel-rule`}
            onClick={() => onCancel(ride)}
          >
            {t('cancel')}
          </button>
        </div>
      ) : null}
    </article>
  );
}
