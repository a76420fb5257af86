'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import type { ActionKind, PartnerRide } from './types';
import { StartCodeLine } from './start-code-line';
import { RideMoneyLine } from './ride-money-line';
import { RideRefunds } from './ride-refunds';
import { OffersNote } from './offers-note';
import { consoleInvoiceUrl } from '@/components/trust/api';
import { FlightNote } from '@/components/flights/flight-note';
import { PhoneNumber } from '@/components/ui/phone-link';
import { ltrText } from '@/lib/i18n/bidi';
import styles from './rides.module.css';
import { useVehicleName } from '@/components/ui/vehicle-name';

export const RIDE_ACTIONS: Partial<Record<PartnerRide['status'], ActionKind[]>> = {
  booked: ['accept', 'decline'],
  accepted: ['start', 'reassign', 'decline'],
  ontrip: ['complete'],
};

/** A console ride card: customer, time, phone, places, fare, status and the actions its status allows. */
export function PartnerRideCard({
  ride,
  timeZone,
  onAction,
}: {
  ride: PartnerRide;
  timeZone: string;
  onAction: (ride: PartnerRide, kind: ActionKind) => void;
}) {
  const t = useTranslations('PartnerRides');
  const td = useTranslations('Dispatch');
  const tb = useTranslations('Board');
  const tKinds = useTranslations('TripKinds');
  const vehicleName = useVehicleName();
  const locale = useLocale();
  const tTrust = useTranslations('Trust');
  return (
    <article className={ride.needsDriverSoon ? `${styles.card} ${styles.soonCard}` : styles.card} aria-label={t('rideId', { id: ride.id })}>
      <header className={styles.cardHead}>
        <h2>{t('rideId', { id: ride.id })}</h2>
        <span className={styles.badge} data-status={ride.status}>
          {t(`tabs.${ride.status}`)}
        </span>
      </header>
      {ride.needsDriverSoon ? <p className={styles.soonBadge}>{tb('needsDriver')}</p> : null}
      <OffersNote ride={ride} />
      <p className={styles.meta}>
        {t('trip', {
          tripKind: tKinds(ride.tripKind),
          rideType: tKinds(ride.rideType),
          vehicle: vehicleName(ride.vehicleType, !ride.nonAc),
        })}
      </p>
      <dl className={styles.facts}>
        <dt>{t('customer')}</dt>
        <dd>{ride.customerName || '—'}</dd>
        <dt>{t('phone')}</dt>
        <dd>{ride.phone ? <PhoneNumber e164={ride.phone.replace(/\s/g, '')} display={ride.phone} /> : '—'}</dd>
        <dt>{t('pickupTime')}</dt>
        <dd>
          <time dateTime={ride.pickupTime}>{formatDateTime(ride.pickupTime, locale, timeZone)}</time>
          {ride.flight ? (
            <FlightNote rideId={ride.id} flight={ride.flight} timeZone={timeZone} open={ride.status === 'booked' || ride.status === 'accepted'} />
          ) : null}
        </dd>
        <dt>{t('pickup')}</dt>
        <dd>{ride.pickup.name}</dd>
        <dt>{t('dropoff')}</dt>
        <dd>{ride.dropoff?.name ?? '—'}</dd>
        <dt>{t('fare')}</dt>
        <dd className={styles.fare}>{formatMoney(ride.totalAmount, ride.currency, locale)}</dd>
      </dl>
      <RideMoneyLine ride={ride} />
      <RideRefunds ride={ride} />
      {ride.driverName ? <p className={styles.meta}>{t('driver', { name: ride.driverName, vehicle: ride.vehicleNumber ?? '' })}</p> : null}
      {ride.vehicleUpgrade ? <p className={styles.meta}>{td('upgraded')}</p> : null}
      <StartCodeLine ride={ride} timeZone={timeZone} />
      {ride.passenger ? (
        <p className={styles.meta}>{tTrust('passengerOf', { name: `${ride.passenger.name}, ${ltrText(ride.passenger.phone, locale)}` })}</p>
      ) : null}
      {ride.status === 'completed' ? (
        <div className={styles.actions}>
          <a className={`${ui.button} ${ui.secondary}`} href={consoleInvoiceUrl(ride.id, locale.split('-')[0])} download>
            {tTrust('downloadInvoice')}
          </a>
        </div>
      ) : null}
      {RIDE_ACTIONS[ride.status]?.length ? (
        <div className={styles.actions}>
          {RIDE_ACTIONS[ride.status]!.map((kind) => (
            <button key={kind} type="button" className={`${ui.button} ${kind === 'decline' ? ui.secondary : ui.primary}`} onClick={() => onAction(ride, kind)}>
              {kind === 'reassign' ? td('reassign') : t(kind)}
            </button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
