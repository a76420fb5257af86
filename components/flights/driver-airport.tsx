'use client';

import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { DriverRide } from '@/lib/driver/rides';
import { zonedDate, zonedIso } from '@/lib/fares/time';
import { formatTime } from '@/lib/i18n/format-time';
import { queryKeys } from '@/lib/query-keys';
import { failureOf } from '@/components/data/fetch-data';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import { driverFlight } from './api';
import { NameBoard } from './name-board';
import { WaitingClock } from './waiting-clock';
import styles from './flights.module.css';

/**
 * The driver's side of an airport ride: the flight and its landing, where to
 * meet the traveller, and, with no provider or a late one, the landing or a
 * new expected time recorded from the driver's own eyes (the pickup follows).
 */
export function DriverAirport({
  ride,
  timeZone,
  onArrived,
}: {
  ride: DriverRide & { airport: NonNullable<DriverRide['airport']> };
  timeZone: string;
  /** "I am at the meeting point" (the card sends it with its other actions). */
  onArrived: () => void;
}) {
  const t = useTranslations('Flights');
  const locale = useLocale();
  const id = useId();
  const client = useQueryClient();
  const errorText = useApiErrorText();
  const { flight, meetingPoint } = ride.airport;
  const [eta, setEta] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string }>();
  const [board, setBoard] = useState(false);
  const time = (iso: string) => formatTime(iso, locale, timeZone);
  const open = ride.status === 'accepted';

  const send = async (input: Parameters<typeof driverFlight>[1]) => {
    setBusy(true);
    setMessage(undefined);
    try {
      await driverFlight(ride.id, input);
      setMessage({ error: false, text: t('recorded') });
      void client.invalidateQueries({ queryKey: queryKeys.driver.rides.all });
    } catch (error) {
      setMessage({ error: true, text: errorText(failureOf(error)) });
    } finally {
      setBusy(false);
    }
  };
  const recordEta = () => {
    const iso = eta ? zonedIso(zonedDate(timeZone, 0, new Date(ride.pickupTime)), eta, timeZone) : undefined;
    if (!iso) return setMessage({ error: true, text: t('timeRequired') });
    void send({ action: 'eta', at: iso });
  };

  return (
    <section className={styles.facts} aria-label={t('airportSection')}>
      {flight ? (
        <p>
          {flight.display} · {t(`state.${flight.state}`)}
          {flight.landedAt
            ? ` · ${t('landed', { time: time(flight.landedAt) })}`
            : flight.expectedArrival
              ? ` · ${t('expected', { time: time(flight.expectedArrival) })}`
              : ''}
          {flight.moved ? <span className={styles.movedBadge}> {t('movedBadge')}</span> : null}
        </p>
      ) : null}
      {meetingPoint ? (
        <p>
          <strong>{t('meetingPoint')}</strong>{' '}
          <span lang={meetingPoint.lang} dir="auto">
            {meetingPoint.text}
          </span>
        </p>
      ) : null}
      {ride.status === 'accepted' || ride.status === 'ontrip' ? (
        <WaitingClock
          pickupTime={ride.pickupTime}
          landedAt={flight?.landedAt ?? null}
          driverArrivedAt={ride.driverArrivedAt}
          freeMinutes={ride.airport.freeWaitingMinutes}
          blockMinutes={ride.airport.blockMinutes}
          perBlock={ride.airport.perBlock}
          currency={ride.currency}
          startedAt={ride.startedAt}
        />
      ) : null}
      {open ? (
        <div className={styles.actionsRow}>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setBoard(true)}>
            {t('nameBoard')}
          </button>
          {ride.driverArrivedAt ? (
            <p className={styles.muted}>{t('arrivedDone', { time: time(ride.driverArrivedAt) })}</p>
          ) : (
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onArrived}>
              {t('arrived')}
            </button>
          )}
        </div>
      ) : null}
      {board ? <NameBoard name={ride.travellerName} lang={ride.language} onClose={() => setBoard(false)} /> : null}
      {open && flight && flight.direction === 'arrival' && !flight.landedAt ? (
        <div className={styles.record}>
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            disabled={busy}
            onClick={() => void send({ action: 'landed', at: new Date().toISOString() })}
          >
            {t('driverLanded')}
          </button>
          <label htmlFor={`${id}-eta`}>{t('driverEta')}</label>
          <input id={`${id}-eta`} type="time" className={ui.input} value={eta} onChange={(e) => setEta(e.target.value)} />
          <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={busy} onClick={recordEta}>
            {t('record')}
          </button>
        </div>
      ) : null}
      <p role="status" className={message?.error ? ui.error : styles.muted}>
        {message?.text ?? ''}
      </p>
    </section>
  );
}
