'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/lib/i18n/format';
import { formatTime } from '@/lib/i18n/format-time';
import type { RideAirport } from '@/lib/flights/ride-airport';
import { MeetingPoint } from './meeting-point';
import styles from './flights.module.css';

/**
 * An airport ride's flight and meeting: the landing expected or done, a
 * pickup that moved with the flight, a flagged flight, where to meet and the
 * free waiting. My rides and the confirmation show it to the rider.
 */
export function AirportFacts({ airport, pickupTime, timeZone }: { airport: RideAirport; pickupTime: string; timeZone: string }) {
  const t = useTranslations('Flights');
  const locale = useLocale();
  const time = (iso: string) => formatTime(iso, locale, timeZone);
  const { flight, meetingPoint } = airport;
  const arrival = !flight || flight.direction === 'arrival';
  return (
    <div className={styles.facts}>
      {flight && arrival ? (
        <p>
          {flight.flag === 'cancelled'
            ? t('riderCancelled', { flight: flight.display })
            : flight.flag === 'diverted'
              ? t('riderDiverted', { flight: flight.display })
              : flight.landedAt
                ? t('landedAt', { flight: flight.display, time: time(flight.landedAt) })
                : flight.expectedArrival
                  ? t('expectedAt', { flight: flight.display, time: time(flight.expectedArrival) })
                  : t('followed', { flight: flight.display })}
        </p>
      ) : null}
      {flight?.moved && pickupTime !== flight.bookedPickupTime ? (
        <p className={styles.moved}>{t('pickupMoved', { time: formatDateTime(flight.bookedPickupTime, locale, timeZone) })}</p>
      ) : null}
      {arrival ? <p>{t(flight ? 'freeWaitingFlight' : 'freeWaiting', { minutes: airport.freeWaitingMinutes })}</p> : null}
      {meetingPoint ? <MeetingPoint point={meetingPoint} /> : null}
    </div>
  );
}
