'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import { consoleInvoiceUrl } from '@/components/trust/api';
import { RIDE_ACTIONS } from './partner-ride-card';
import { StartCodeLine } from './start-code-line';
import type { BoardSort } from '@/lib/rides/partner-schemas';
import type { ActionKind, PartnerRide } from './types';
import { FlightNote } from '@/components/flights/flight-note';
import styles from './rides.module.css';

export type SortState = { key: BoardSort; direction: 'asc' | 'desc' };

type Props = {
  rides: PartnerRide[];
  timeZone: string;
  sort: SortState;
  onSort: (sort: SortState) => void;
  onAction: (ride: PartnerRide, kind: ActionKind) => void;
  caption: string;
};

/** The board on wide screens: one dense row per ride, sortable headers (buttons with aria-sort), the actions in the last column. */
export function RidesTable({ rides, timeZone, sort, onSort, onAction, caption }: Props) {
  const t = useTranslations('PartnerRides');
  const tb = useTranslations('Board');
  const td = useTranslations('Dispatch');
  const tTrust = useTranslations('Trust');
  const tKinds = useTranslations('TripKinds');
  const tTypes = useTranslations('VehicleTypes');
  const locale = useLocale();
  const header = (key: BoardSort, label: string, numeric = false) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={numeric ? styles.numeric : undefined}>
        <button type="button" className={styles.sortButton} onClick={() => onSort({ key, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}>
          {label}
          <span aria-hidden="true" className={styles.sortMark}>
            {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className={styles.tableScroller}>
      <table className={styles.board}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {header('number', tb('colRide'))}
            {header('pickup', t('pickupTime'))}
            {header('customer', t('customer'))}
            <th scope="col">{t('phone')}</th>
            <th scope="col">{tb('colRoute')}</th>
            <th scope="col">{t('tripType')}</th>
            <th scope="col">{t('chooseDriver')}</th>
            {header('status', t('tabsLabel'))}
            {header('fare', t('fare'), true)}
            <th scope="col">{tb('colActions')}</th>
          </tr>
        </thead>
        <tbody>
          {rides.map((ride) => (
            <tr
              key={ride.id}
              aria-label={t('rideId', { id: ride.id })}
              data-soon={ride.needsDriverSoon || undefined}
              className={ride.needsDriverSoon ? styles.soonRow : undefined}
            >
              <th scope="row" className={styles.nowrap}>
                {t('rideId', { id: ride.id })}
                {ride.needsDriverSoon ? <span className={styles.soonBadge}>{tb('needsDriver')}</span> : null}
              </th>
              <td className={styles.nowrap}>
                <time dateTime={ride.pickupTime}>{formatDateTime(ride.pickupTime, locale, timeZone)}</time>
                {ride.flight ? (
                  <FlightNote rideId={ride.id} flight={ride.flight} timeZone={timeZone} open={ride.status === 'booked' || ride.status === 'accepted'} />
                ) : null}
              </td>
              <td>
                {ride.customerName || '—'}
                {ride.passenger ? (
                  <span className={styles.cellNote}>{tTrust('passengerOf', { name: `${ride.passenger.name}, ${ride.passenger.phone}` })}</span>
                ) : null}
              </td>
              <td className={styles.nowrap}>{ride.phone ? <a href={`tel:${ride.phone.replace(/\s/g, '')}`}>{ride.phone}</a> : '—'}</td>
              <td>
                {ride.pickup.name} → {ride.dropoff?.name ?? '—'}
              </td>
              <td>{t('trip', { tripKind: tKinds(ride.tripKind), rideType: tKinds(ride.rideType), vehicle: tTypes(ride.vehicleType) })}</td>
              <td>
                {ride.driverName ? `${ride.driverName}${ride.vehicleNumber ? ` · ${ride.vehicleNumber}` : ''}` : '—'}
                {ride.vehicleUpgrade ? <span className={styles.cellNote}>{td('upgraded')}</span> : null}
              </td>
              <td>
                <span className={styles.badge} data-status={ride.status}>
                  {t(`tabs.${ride.status}`)}
                </span>
              </td>
              <td className={`${styles.numeric} ${styles.nowrap}`}>{formatMoney(ride.totalAmount, ride.currency, locale)}</td>
              <td>
                <div className={styles.rowActions}>
                  {ride.status === 'completed' ? (
                    <a className={`${ui.button} ${ui.secondary} ${styles.small}`} href={consoleInvoiceUrl(ride.id, locale.split('-')[0])} download>
                      {tTrust('downloadInvoice')}
                    </a>
                  ) : null}
                  {(RIDE_ACTIONS[ride.status] ?? []).map((kind) => (
                    <button
                      key={kind}
                      type="button"
                      className={`${ui.button} ${kind === 'decline' ? ui.secondary : ui.primary} ${styles.small}`}
                      onClick={() => onAction(ride, kind)}
                    >
                      {kind === 'reassign' ? td('reassign') : t(kind)}
                    </button>
                  ))}
                </div>
                <StartCodeLine ride={ride} timeZone={timeZone} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
