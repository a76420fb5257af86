'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { FlightView } from '@/lib/flights/actions';
import { formatTime } from '@/lib/i18n/format-time';
import ui from '@/components/ui/ui.module.css';
import { FlightDialog } from './flight-dialog';
import styles from './flights.module.css';

/**
 * The board's line for an airport ride's flight: number, state, landing,
 * a mark when the pickup moved with it or it needs a person, and the Flight
 * button that opens what the operator can do about it.
 */
export function FlightNote({ rideId, flight, timeZone, open }: { rideId: number; flight: FlightView; timeZone: string; open: boolean }) {
  const t = useTranslations('Flights');
  const locale = useLocale();
  const [dialog, setDialog] = useState(false);
  const time = (iso: string) => formatTime(iso, locale, timeZone);
  const landing = flight.landedAt
    ? t('landed', { time: time(flight.landedAt) })
    : flight.expectedArrival
      ? t('expected', { time: time(flight.expectedArrival) })
      : '';
  return (
    <span className={styles.note} data-flag={flight.flag ?? undefined}>
      <span>
        {flight.display} · {t(`state.${flight.state}`)}
        {landing ? ` · ${landing}` : ''}
      </span>
      {flight.moved ? <span className={styles.movedBadge}>{t('movedBadge')}</span> : null}
      {flight.flag ? (
        <span className={styles.flagBadge}>{flight.flag === 'diverted' && flight.airport ? t('flag.diverted') : t(`flag.${flight.flag}`)}</span>
      ) : null}
      {open && flight.direction === 'arrival' ? (
        <button type="button" className={`${ui.button} ${ui.secondary} ${styles.small}`} onClick={() => setDialog(true)}>
          {t('open')}
        </button>
      ) : null}
      {dialog ? <FlightDialog rideId={rideId} flight={flight} timeZone={timeZone} onClose={() => setDialog(false)} /> : null}
    </span>
  );
}
