'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { flightNumberIssue, normaliseFlightNumber } from '@/lib/booking/flight-number';
import { formatTime } from '@/lib/i18n/format-time';
import ui from '@/components/ui/ui.module.css';
import type { FlightCheckResult } from './flight-check';
import styles from './booking.module.css';

type Direction = 'arrival' | 'departure';

export type FlightFieldsProps = {
  id: string;
  locale: string;
  timeZone: string;
  flightNumber: string;
  direction: Direction;
  /** IATA code of the airport place picked for this direction, when it is one. */
  airportCode: string | undefined;
  /** The pickup's local date (YYYY-MM-DD), or '' before one is chosen. */
  date: string;
  /** The flight must be named (an arrival booked by a rider). */
  required: boolean;
  /** Free waiting at airports (minutes), the rule riders see before booking. */
  freeMinutes: number | undefined;
  onFlightNumber: (value: string) => void;
  onDirection: (direction: Direction) => void;
  /** An arrival checked: the earliest pickup (landing plus the operator's buffer). */
  onLanding: (earliestPickup: Date, bufferMinutes: number) => void;
  /** The flight's problem for Continue (undefined when none). */
  onProblem: (message: string | undefined) => void;
};

type Status = { kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; result: FlightCheckResult };
type Checked = { key: string; result: FlightCheckResult };

/** Arrival or departure, the flight number (checked when the rider leaves the field) and what the check found. */
export function FlightFields(props: FlightFieldsProps) {
  const { id, locale, timeZone, flightNumber, direction, airportCode, date, required, freeMinutes, onLanding, onProblem } = props;
  const t = useTranslations('Booking');
  const tv = useTranslations('Validation');
  const [touched, setTouched] = useState(false);
  const [checked, setChecked] = useState<Checked | undefined>();
  const normalised = normaliseFlightNumber(flightNumber);
  const shapeIssue = normalised ? flightNumberIssue(normalised) : undefined;
  const missing = required && !normalised ? tv('flightRequired') : undefined;

  // checked once the rider left the field, and again when the airport, date or direction changes
  const ready = touched && normalised && !shapeIssue && airportCode && date;
  const key = ready ? `${normalised}|${airportCode}|${date}|${direction}` : '';
  useEffect(() => {
    if (!ready) return;
    let current = true;
    void import('./flight-check')
      .then((m) => m.checkFlightFor({ flight: normalised, airport: airportCode, date, direction }))
      .then((result) => {
        if (!current) return;
        setChecked({ key, result });
        if (result.ok && result.data.earliestPickup && direction === 'arrival') onLanding(new Date(result.data.earliestPickup), result.data.bufferMinutes);
      });
    return () => {
      current = false;
    };
    // onLanding is the form's setter wrapper: a new function each render, the same effect
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, key, normalised, airportCode, date, direction]);
  // the answer for what the fields say now; checking while it is on its way
  const status: Status = !key ? { kind: 'idle' } : checked?.key === key ? { kind: 'done', result: checked.result } : { kind: 'checking' };

  const refused = status.kind === 'done' && !status.result.ok && status.result.error.status === 400 ? status.result.error : undefined;
  const refusal = refused?.key && tv.has(refused.key as 'flightInvalid') ? tv(refused.key as 'flightInvalid', refused.values ?? {}) : refused?.message;
  const problem = shapeIssue ? tv(shapeIssue) : (refusal ?? missing);
  useEffect(() => onProblem(problem), [problem, onProblem]);
  const shownProblem = touched ? problem : undefined;
  const time = (iso: string) => formatTime(iso, locale, timeZone);

  let note: string | undefined;
  if (status.kind === 'checking') note = t('flightChecking');
  else if (status.kind === 'done' && status.result.ok) {
    const f = status.result.data;
    const names = { airline: f.airline, flight: f.display };
    if (f.landing) note = t('flightLands', { ...names, time: time(f.landing) });
    else if (f.departure) note = t('flightLeaves', { ...names, time: time(f.departure) });
    else note = f.checked ? t('flightKnown', names) : t('flightUnchecked', names);
  }

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('airportLabel')}</legend>
      {(['arrival', 'departure'] as const).map((value) => (
        <label key={value} className={styles.radioRow}>
          <input type="radio" name={`${id}-dir`} checked={direction === value} onChange={() => props.onDirection(value)} />
          <span>{t(value)}</span>
        </label>
      ))}
      <div className={ui.field}>
        <label htmlFor={`${id}-flight`}>{required ? t('flightNumberRequired') : t('flightNumber')}</label>
        <input
          id={`${id}-flight`}
          className={ui.input}
          placeholder={t('flightPlaceholder')}
          value={flightNumber}
          maxLength={10}
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(e) => props.onFlightNumber(e.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={`${id}-flight-note`}
        />
        <p id={`${id}-flight-note`} className={shownProblem ? ui.error : ui.hint} aria-live="polite">
          {shownProblem ?? note ?? (direction === 'arrival' && freeMinutes !== undefined ? t('flightFollowed', { minutes: freeMinutes }) : '')}
        </p>
      </div>
    </fieldset>
  );
}
