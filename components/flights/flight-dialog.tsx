'use client';

import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { FlightView } from '@/lib/flights/actions';
import { zonedIso } from '@/lib/fares/time';
import { formatDateTime } from '@/lib/i18n/format';
import { queryKeys } from '@/lib/query-keys';
import { failureOf } from '@/components/data/fetch-data';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { partnerFlight, type PartnerFlightInput } from './api';
import styles from './flights.module.css';

/** The operator's flight dialog: what we know, ask the provider now, record a landing or a new expected time, and whether the pickup follows. */
export function FlightDialog({ rideId, flight: initial, timeZone, onClose }: { rideId: number; flight: FlightView; timeZone: string; onClose: () => void }) {
  const t = useTranslations('Flights');
  const locale = useLocale();
  const id = useId();
  const dialog = useModalDialog();
  const client = useQueryClient();
  const errorText = useApiErrorText();
  const [flight, setFlight] = useState(initial);
  const [kind, setKind] = useState<'landed' | 'eta'>('eta');
  const [at, setAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string }>();
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);

  const send = async (input: PartnerFlightInput, done: string) => {
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await partnerFlight(rideId, input);
      setFlight(answer.flight);
      setMessage({ error: false, text: done });
      void client.invalidateQueries({ queryKey: queryKeys.partner.rides.all });
    } catch (error) {
      setMessage({ error: true, text: errorText(failureOf(error)) });
    } finally {
      setBusy(false);
    }
  };

  const record = () => {
    const [date, time] = at.split('T');
    const iso = date && time ? zonedIso(date, time.slice(0, 5), timeZone) : undefined;
    if (!iso) return setMessage({ error: true, text: t('timeRequired') });
    void send({ action: kind, at: iso }, t('recorded'));
  };

  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogBody}>
        <h2 id={`${id}-title`}>{t('dialogTitle', { flight: flight.display, id: rideId })}</h2>
        <p>
          {t(`state.${flight.state}`)}
          {flight.landedAt
            ? ` · ${t('landed', { time: when(flight.landedAt) })}`
            : flight.expectedArrival
              ? ` · ${t('expected', { time: when(flight.expectedArrival) })}`
              : ''}
        </p>
        {flight.flag ? <p className={styles.flagBadge}>{t(`flag.${flight.flag}`)}</p> : null}
        <p className={styles.muted}>{t('bookedPickup', { time: when(flight.bookedPickupTime) })}</p>
        {flight.checkedAt ? <p className={styles.muted}>{t('lastChecked', { time: when(flight.checkedAt) })}</p> : null}
        {flight.lastError ? <p className={styles.muted}>{t('providerFailed', { reason: flight.lastError })}</p> : null}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={flight.followFlight}
            disabled={busy}
            onChange={(e) => void send({ action: 'follow', follow: e.target.checked }, t('saved'))}
          />
          <span>{t('follow')}</span>
        </label>
        <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={busy} onClick={() => void send({ action: 'check' }, t('checked'))}>
          {busy ? t('working') : t('checkNow')}
        </button>
        <fieldset className={styles.record}>
          <legend>{t('recordLegend')}</legend>
          {(['eta', 'landed'] as const).map((value) => (
            <label key={value} className={styles.check}>
              <input type="radio" name={`${id}-kind`} checked={kind === value} onChange={() => setKind(value)} />
              <span>{t(value === 'eta' ? 'etaOption' : 'landedOption')}</span>
            </label>
          ))}
          <label htmlFor={`${id}-at`}>{t('timeLabel')}</label>
          <input id={`${id}-at`} type="datetime-local" className={ui.input} value={at} onChange={(e) => setAt(e.target.value)} />
          <button type="button" className={`${ui.button} ${ui.primary}`} disabled={busy} onClick={record}>
            {t('record')}
          </button>
        </fieldset>
        <p role="status" className={message?.error ? ui.error : styles.muted}>
          {message?.text ?? ''}
        </p>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </dialog>
  );
}
