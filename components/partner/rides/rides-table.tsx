'use client';

import { Fragment, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/i18n/format';
import { formatTime } from '@/lib/i18n/format-time';
import { formatInstantDay } from '@/lib/partner/format';
import { PhoneNumber } from '@/components/ui/phone-link';
import { ltrText, routeText } from '@/lib/i18n/bidi';
import ui from '@/components/ui/ui.module.css';
import { consoleInvoiceUrl } from '@/components/trust/api';
import { RIDE_ACTIONS } from './partner-ride-card';
import { StartCodeLine } from './start-code-line';
import { OffersNote } from './offers-note';
import { RideMoneyLine } from './ride-money-line';
import { RideRefunds } from './ride-refunds';
import type { BoardSort } from '@/lib/rides/partner-schemas';
import type { ActionKind, PartnerRide } from './types';
import { FlightNote } from '@/components/flights/flight-note';
import styles from './rides.module.css';
import { useVehicleName } from '@/components/ui/vehicle-name';

export type SortState = { key: BoardSort; direction: 'asc' | 'desc' };

type Props = {
  rides: PartnerRide[];
  timeZone: string;
  sort: SortState;
  onSort: (sort: SortState) => void;
  onAction: (ride: PartnerRide, kind: ActionKind) => void;
  caption: string;
};

/**
 * The board on wide screens: one compact row per ride (two short lines per cell, long names cut with the whole
 * text as a tooltip), sortable headers (buttons with aria-sort), status, fare and the actions always in view
 * from 1280 px (fixed column widths, no sideways scroll).
 */
export function RidesTable({ rides, timeZone, sort, onSort, onAction, caption }: Props) {
  const t = useTranslations('PartnerRides');
  const tb = useTranslations('Board');
  const td = useTranslations('Dispatch');
  const tTrust = useTranslations('Trust');
  const tKinds = useTranslations('TripKinds');
  const vehicleName = useVehicleName();
  const locale = useLocale();
  const header = (key: BoardSort, label: string, numeric = false) => {
    const active = sort.key === key;
    return (
      <th
        key={key}
        scope="col"
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
        className={numeric ? styles.numeric : undefined}
      >
        <button type="button" className={styles.sortButton} onClick={() => onSort({ key, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}>
          {label}
          <span aria-hidden="true" className={styles.sortMark}>
            {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };
  const columns: [string, ReactNode][] = [
    ['ride', header('number', tb('colRide'))],
    ['pickup', header('pickup', t('pickupTime'))],
    ['customer', header('customer', t('customer'))],
    [
      'route',
      <th key="route" scope="col">
        {tb('colRoute')}
      </th>,
    ],
    [
      'driver',
      <th key="driver" scope="col">
        {t('chooseDriver')}
      </th>,
    ],
    ['status', header('status', t('tabsLabel'))],
    ['fare', header('fare', t('fare'), true)],
    [
      'actions',
      <th key="actions" scope="col">
        {tb('colActions')}
      </th>,
    ],
  ];
  return (
    <div className={styles.tableScroller}>
      <table className={styles.board}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {columns.map(([key]) => (
            <col key={key} className={styles[`col-${key}`]} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map(([key, cell]) => (
              <Fragment key={key}>{cell}</Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {rides.map((ride) => {
            const route = routeText(ride.pickup.name, ride.dropoff?.name ?? '—', locale);
            const trip = t('trip', {
              tripKind: tKinds(ride.tripKind),
              rideType: tKinds(ride.rideType),
              vehicle: vehicleName(ride.vehicleType, !ride.nonAc),
            });
            return (
              <tr
                key={ride.id}
                aria-label={t('rideId', { id: ride.id })}
                data-soon={ride.needsDriverSoon || undefined}
                className={ride.needsDriverSoon ? styles.soonRow : undefined}
              >
                <th scope="row">
                  {t('rideId', { id: ride.id })}
                  {ride.needsDriverSoon ? <span className={styles.soonBadge}>{tb('needsDriver')}</span> : null}
                </th>
                <td>
                  <time dateTime={ride.pickupTime} className={styles.lines}>
                    <span>{formatInstantDay(ride.pickupTime, locale, timeZone, 'short')}</span>
                    <span>{formatTime(ride.pickupTime, locale, timeZone)}</span>
                  </time>
                  {ride.flight ? (
                    <FlightNote rideId={ride.id} flight={ride.flight} timeZone={timeZone} open={ride.status === 'booked' || ride.status === 'accepted'} />
                  ) : null}
                </td>
                <td>
                  <span className={styles.lines}>
                    <span title={ride.customerName || undefined}>{ride.customerName || '—'}</span>
                    {ride.phone ? <PhoneNumber e164={ride.phone.replace(/\s/g, '')} display={ride.phone} /> : null}
                    {ride.passenger ? (
                      <span className={styles.cellNote} title={`${ride.passenger.name}, ${ride.passenger.phone}`}>
                        {tTrust('passengerOf', { name: `${ride.passenger.name}, ${ltrText(ride.passenger.phone, locale)}` })}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td>
                  <span className={styles.lines}>
                    <span title={route}>{route}</span>
                    <span className={styles.cellNote} title={trip}>
                      {trip}
                    </span>
                  </span>
                </td>
                <td>
                  <span className={styles.lines}>
                    <span title={ride.driverName ?? undefined}>{ride.driverName ?? '—'}</span>
                    {ride.vehicleNumber ? <span className={styles.cellNote}>{ride.vehicleNumber}</span> : null}
                    {ride.vehicleUpgrade ? <span className={styles.cellNote}>{td('upgraded')}</span> : null}
                    <OffersNote ride={ride} />
                  </span>
                </td>
                <td>
                  <span className={styles.badge} data-status={ride.status}>
                    {t(`tabs.${ride.status}`)}
                  </span>
                </td>
                <td className={styles.numeric}>{formatMoney(ride.totalAmount, ride.currency, locale)}</td>
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
                  {ride.bookedForCustomer ? <StartCodeLine ride={ride} timeZone={timeZone} /> : null}
                  {/* the money the card shows too: promo, fee kept, each refund with Retry, and Refund on a completed ride */}
                  <RideMoneyLine ride={ride} />
                  <RideRefunds ride={ride} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
