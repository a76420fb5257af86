'use client';

import { useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { ApiFailure } from '@/lib/api/typed-client';
import { failureOf } from '@/components/data/fetch-data';
import type { DriverRide } from '@/lib/driver/rides';
import type { DriverRideAction } from '@/lib/driver/schemas';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import { earlyByMinutes } from '@/lib/rides/early';
import { useDriverRideAction } from './queries';
import { DriverAirport } from '@/components/flights/driver-airport';
import styles from './driver.module.css';
import { PhoneNumber } from '@/components/ui/phone-link';
import { useVehicleName } from '@/components/ui/vehicle-name';

type Step = 'idle' | 'start' | 'complete';

const ERROR_KEYS: Record<string, string> = {
  start_code_wrong: 'startCodeWrong',
  start_code_locked: 'startCodeLocked',
  illegal_transition: 'changed',
  ride_unknown: 'changed',
  not_found: 'changed',
};

function errorKey(failure: ApiFailure): string {
  if (failure.key === 'startCodeFormat') return 'startCodeFormat';
  return ERROR_KEYS[failure.code] ?? 'generic';
}

/** Whole minutes from the landing (or the pickup time) to the trip's start; '' before the trip started. */
function clockMinutes(ride: DriverRide): string {
  if (!ride.startedAt) return '';
  const from = Date.parse(ride.airport?.flight?.landedAt ?? ride.pickupTime);
  return String(Math.max(0, Math.floor((Date.parse(ride.startedAt) - from) / 60_000)));
}

/** One of the driver's rides: trip, time, customer to call, fare to collect; Start with the rider's code, then Complete. */
export function DriverRideCard({ ride, timeZone, onChanged }: { ride: DriverRide; timeZone: string; onChanged: (ride: DriverRide, notice: string) => void }) {
  const t = useTranslations('DriverApp');
  const tk = useTranslations('TripKinds');
  const vehicleName = useVehicleName();
  const locale = useLocale();
  const id = useId();
  const [step, setStep] = useState<Step>('idle');
  const [code, setCode] = useState('');
  const tb = useTranslations('Board');
  const tf = useTranslations('Flights');
  // minutes waited before the trip, as the app's clock counted them (from the landing or the pickup time to the start); the driver may correct them
  const [waited, setWaited] = useState('');
  const td = useTranslations('Dispatch');
  // How the customer paid at the end: cash to the driver or UPI (a card booking is settled by PayU, or by cash on the server's side).
  const [paidWith, setPaidWith] = useState<'cash' | 'upi'>(ride.paymentMethod === 'upi' ? 'upi' : 'cash');
  const mutation = useDriverRideAction();
  const busy = mutation.isPending;
  const [error, setError] = useState<string>();
  // what the rider paid from the wallet at booking is not collected again
  const amount = formatMoney(ride.totalAmount - (ride.walletApplied ?? 0), ride.currency, locale);
  const method = t(`payment.${ride.paymentMethod}`);
  // on the way to the pickup, then on trip to the drop-off (a rental has none)
  const destination = ride.status === 'ontrip' ? ride.dropoff : ride.pickup;
  const directions = destination ? `https://www.google.com/maps/dir/?api=1&destination=${destination.lat},${destination.lng}` : undefined;
  const when = formatDateTime(ride.pickupTime, locale, timeZone);

  // Awaited rather than mutate's callbacks: a completed ride leaves the home list (this card unmounts) and the notice must still show.
  const act = async (action: DriverRideAction) => {
    setError(undefined);
    try {
      const changed = await mutation.mutateAsync({ rideId: ride.id, action });
      setStep('idle');
      setCode('');
      onChanged(
        changed,
        action.action === 'arrived'
          ? tf('arrivedNotice')
          : t(action.action === 'start' ? 'started' : action.action === 'setOff' ? 'setOffDone' : 'completed', { id: ride.id }),
      );
    } catch (failed) {
      setError(t(`errors.${errorKey(failureOf(failed))}` as 'errors.generic'));
    }
  };

  const reset = () => {
    setStep('idle');
    setError(undefined);
  };

  const submitStart = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/.test(code)) return setError(t('errors.startCodeFormat'));
    void act({ action: 'start', startCode: code });
  };

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <div className={styles.cardHead}>
        <h2 id={`${id}-title`}>{t('rideId', { id: ride.id })}</h2>
        <span className={styles.badge}>{t(`status.${ride.status}`)}</span>
      </div>
      <p className={styles.muted}>
        {t('summary', {
          tripKind: tk(ride.tripKind),
          rideType: tk(ride.rideType),
          vehicle: vehicleName(ride.vehicleType, !ride.nonAc),
        })}
      </p>
      <dl className={styles.facts}>
        <dt>{t('pickup')}</dt>
        <dd>{ride.pickup.name}</dd>
        {ride.dropoff ? (
          <>
            <dt>{t('dropoff')}</dt>
            <dd>{ride.dropoff.name}</dd>
          </>
        ) : null}
        <dt>{t('time')}</dt>
        <dd>{when}</dd>
        <dt>{t('customer')}</dt>
        <dd>
          {ride.customerName}
          {ride.customerPhone ? (
            <>
              {ride.customerName ? ' · ' : ''}
              <PhoneNumber e164={ride.customerPhone} display={ride.customerPhone} />
            </>
          ) : null}
        </dd>
        <dt>{t('fare')}</dt>
        <dd>{t('collect', { amount, method })}</dd>
      </dl>
      {ride.airport ? <DriverAirport ride={{ ...ride, airport: ride.airport }} timeZone={timeZone} onArrived={() => void act({ action: 'arrived' })} /> : null}
      {directions && (ride.status === 'accepted' || ride.status === 'ontrip') ? (
        <p>
          <a href={directions} target="_blank" rel="noopener noreferrer">
            {t(ride.status === 'ontrip' ? 'navigateDropoff' : 'navigate')}
          </a>
        </p>
      ) : null}
      {ride.status === 'accepted' ? (
        ride.setOffAt ? (
          <p className={styles.muted}>{t('onTheWay')}</p>
        ) : (
          <div className={styles.actions}>
            <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={busy} onClick={() => void act({ action: 'setOff' })}>
              {t('setOff')}
            </button>
            <p className={styles.muted}>{t('setOffHint')}</p>
          </div>
        )
      ) : null}
      {ride.status === 'accepted' && step !== 'start' ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${ui.button} ${ui.primary}`}
            aria-describedby={`${id}-title`}
            onClick={() => setStep('start')}
            disabled={ride.startCodeLocked}
          >
            {t('start')}
          </button>
          {ride.startCodeLocked ? <p className={styles.error}>{t('errors.startCodeLocked')}</p> : null}
        </div>
      ) : null}
      {ride.status === 'accepted' && step === 'start' ? (
        <form className={styles.actions} noValidate onSubmit={submitStart} aria-label={t('startFormLabel', { id: ride.id })}>
          <div className={ui.field}>
            <label htmlFor={`${id}-code`}>{t('startCodeLabel')}</label>
            <input
              id={`${id}-code`}
              className={styles.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 4))}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-code-hint${error ? ` ${id}-error` : ''}`}
              autoFocus
            />
            <p id={`${id}-code-hint`} className={styles.muted}>
              {t('startCodeHint')}
            </p>
          </div>
          {earlyByMinutes('start', ride.pickupTime) !== undefined ? (
            <p id={`${id}-early`} className={styles.warning}>
              {td('earlyStart', { when })}
            </p>
          ) : null}
          <button
            type="submit"
            className={`${ui.button} ${ui.primary}`}
            disabled={busy}
            aria-describedby={earlyByMinutes('start', ride.pickupTime) !== undefined ? `${id}-early` : undefined}
          >
            {busy ? t('starting') : t('startSubmit')}
          </button>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={reset}>
            {t('cancel')}
          </button>
        </form>
      ) : null}
      {ride.status === 'ontrip' && step !== 'complete' ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${ui.button} ${ui.primary}`}
            aria-describedby={`${id}-title`}
            onClick={() => {
              setWaited(clockMinutes(ride));
              setStep('complete');
            }}
          >
            {t('complete')}
          </button>
        </div>
      ) : null}
      {ride.status === 'ontrip' && step === 'complete' ? (
        <section className={ui.field} aria-labelledby={`${id}-complete`}>
          <h3 id={`${id}-complete`}>{t('completeConfirm', { id: ride.id })}</h3>
          <p>{t('completeBody', { amount, method })}</p>
          {earlyByMinutes('complete', ride.pickupTime) !== undefined ? <p className={styles.warning}>{td('earlyComplete', { when })}</p> : null}
          {ride.paymentMethod === 'card' ? null : (
            <fieldset className={ui.field}>
              <legend>{tb('paidWith')}</legend>
              {(['cash', 'upi'] as const).map((option) => (
                <label key={option}>
                  <input type="radio" name={`${id}-paid`} value={option} checked={paidWith === option} onChange={() => setPaidWith(option)} />{' '}
                  {t(`payment.${option}`)}
                </label>
              ))}
            </fieldset>
          )}
          <div className={ui.field}>
            <label htmlFor={`${id}-waited`}>{tf('waitedLabel')}</label>
            <input
              id={`${id}-waited`}
              className={ui.input}
              type="number"
              min={0}
              max={600}
              step={1}
              inputMode="numeric"
              value={waited}
              onChange={(event) => setWaited(event.target.value)}
              aria-describedby={`${id}-waited-hint`}
            />
            <p id={`${id}-waited-hint`} className={styles.muted}>
              {ride.airport ? tf('waitedHint', { minutes: ride.airport.freeWaitingMinutes }) : tf('waitedHintPlain')}
            </p>
          </div>
          <div className={styles.actions}>
            <button
              type="button"
              className={`${ui.button} ${ui.primary}`}
              disabled={busy}
              onClick={() => {
                const minutes = waited.trim() === '' ? undefined : Number(waited);
                if (minutes !== undefined && (!Number.isInteger(minutes) || minutes < 0 || minutes > 600)) return setError(tf('waitedInvalid'));
                void act({
                  action: 'complete',
                  ...(ride.paymentMethod === 'card' ? {} : { paymentMethod: paidWith }),
                  ...(minutes === undefined ? {} : { waitingMinutes: minutes }),
                });
              }}
            >
              {busy ? t('completing') : t('completeSubmit')}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={reset}>
              {t('notYet')}
            </button>
          </div>
        </section>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </article>
  );
}
