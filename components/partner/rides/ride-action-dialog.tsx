'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { earlyByMinutes } from '@/lib/rides/early';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import type { RideActionInput } from './api';
import { useAssignable, useRideAction } from './queries';
import type { ActionKind, PartnerRide } from './types';
import styles from './rides.module.css';

const TITLES = { accept: 'acceptTitle', decline: 'declineTitle', start: 'startTitle', complete: 'completeTitle' } as const;
const CONFIRM = { accept: 'accept', decline: 'confirmDecline', start: 'confirmStart', complete: 'confirmComplete' } as const;

type Options = NonNullable<ReturnType<typeof useAssignable>['data']>;
type DriverOption = Options['drivers'][number];
type VehicleOption = Options['vehicles'][number];

type DispatchT = ReturnType<typeof useTranslations<'Dispatch'>>;

/** Why a driver or vehicle is not available (the ride holding it, or the paper that expired). */
const unavailable = (o: DriverOption | VehicleOption, t: DispatchT) =>
  t(`availability.${o.availability}`, { ride: o.openRideId ?? 0, document: o.expired?.kind ?? '', date: o.expired?.expiresOn ?? '' });

/** Why a driver cannot be chosen, or null when they can. */
function driverReason(d: DriverOption, t: DispatchT): string | null {
  return d.availability === 'available' ? null : unavailable(d, t);
}

/** Assisted mode's why: how far, how long idle, how often they accept. */
function suggestionText(d: DriverOption, t: DispatchT): string | null {
  const s = d.suggestion;
  if (!s) return null;
  const acceptance = Math.round(s.acceptance * 100);
  return s.roadKm === null ? t('whyNoPosition', { idle: s.idleMinutes, acceptance }) : t('why', { km: s.roadKm, idle: s.idleMinutes, acceptance });
}

/** Why a vehicle cannot be chosen (busy, offline, papers expired, smaller class, or larger without Upgrade), or null. */
function vehicleReason(v: VehicleOption, upgrade: boolean, t: DispatchT): string | null {
  if (v.availability !== 'available') return unavailable(v, t);
  if (v.fit === 'smaller') return t('fit.smaller');
  if (v.fit === 'upgrade' && !upgrade) return t('fit.upgrade');
  return null;
}

/**
 * One dialog for the four console actions; the server applies the transition and answers with the new state.
 * `cancelWords`: a decline opened from a button reading "Cancel" (the New bookings card) says "Cancel" too.
 */
export function RideActionDialog({
  ride,
  kind,
  timeZone,
  onDone,
  onClose,
  cancelWords = false,
}: {
  ride: PartnerRide;
  kind: ActionKind;
  /** The operator's zone, for the pickup time of an early start's warning. */
  timeZone?: string;
  onDone: () => void;
  onClose: () => void;
  cancelWords?: boolean;
}) {
  const t = useTranslations('PartnerRides');
  const td = useTranslations('Dispatch');
  const assigning = kind === 'accept' || kind === 'reassign';
  const locale = useLocale();
  const errorText = useApiErrorText();
  const dialog = useModalDialog();
  const id = useId();
  const options = useAssignable(assigning, ride.id).data ?? null;
  const suggested = kind === 'accept' && options?.mode !== 'manual' ? options?.drivers.find((d) => d.suggestion && d.availability === 'available') : undefined;
  const action = useRideAction();
  const [driverId, setDriverId] = useState(kind === 'reassign' && ride.driverId ? String(ride.driverId) : '');
  const [vehicleId, setVehicleId] = useState(kind === 'reassign' && ride.vehicleId ? String(ride.vehicleId) : '');
  const [upgrade, setUpgrade] = useState(kind === 'reassign' && ride.vehicleUpgrade);
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [tolls, setTolls] = useState('');
  const [waited, setWaited] = useState('');
  const tf = useTranslations('Flights');
  const paidByCard = ride.paid && ride.paymentMethod === 'card';
  const [paidWith, setPaidWith] = useState<'cash' | 'upi'>(ride.paymentMethod === 'upi' ? 'upi' : 'cash');
  const busy = action.isPending;
  const [error, setError] = useState<string>();
  const [locked, setLocked] = useState(ride.startCodeLocked);

  const body = (): RideActionInput => {
    if (kind === 'accept') return { action: 'accept', driverId: Number(driverId), vehicleId: Number(vehicleId), ...(upgrade ? { upgrade: true } : {}) };
    if (kind === 'reassign') return { action: 'reassign', driverId: Number(driverId), vehicleId: Number(vehicleId), ...(upgrade ? { upgrade: true } : {}) };
    if (kind === 'decline') return { action: 'decline', reason };
    if (kind === 'start') return { action: 'start', startCode: code };
    const paymentMethod = paidByCard ? 'card' : paidWith;
    return {
      action: 'complete',
      paymentMethod,
      ...(tolls.trim() === '' ? {} : { finalTolls: Number(tolls) }),
      ...(waited.trim() === '' ? {} : { waitingMinutes: Number(waited) }),
    };
  };
  // assisted mode: the best driver and their own vehicle come chosen, until the operator picks otherwise
  const [picked, setPicked] = useState(false);
  if (suggested && !picked && !driverId && options) {
    const own = options.vehicles.find((v) => v.id === suggested.vehicleId);
    setPicked(true);
    setDriverId(String(suggested.id));
    if (own && !vehicleReason(own, upgrade || own.fit === 'upgrade', td)) {
      setVehicleId(String(own.id));
      if (own.fit === 'upgrade') setUpgrade(true);
    }
  }
  const chosenVehicle = options?.vehicles.find((v) => String(v.id) === vehicleId);
  const early = kind === 'start' || kind === 'complete' ? earlyByMinutes(kind, ride.pickupTime) : undefined;
  const changed = kind !== 'reassign' || String(ride.driverId) !== driverId || String(ride.vehicleId) !== vehicleId;
  const ready = assigning
    ? Boolean(driverId && vehicleId) && changed && !(chosenVehicle && vehicleReason(chosenVehicle, upgrade, td))
    : kind === 'decline'
      ? reason.trim().length > 0
      : kind === 'start'
        ? /^\d{4}$/.test(code) && !locked
        : tolls.trim() === '' || Number(tolls) >= 0;

  const send = async (payload: RideActionInput) => {
    setError(undefined);
    try {
      await action.mutateAsync({ rideId: ride.id, payload });
      return true;
    } catch (failed) {
      const failure = failureOf(failed);
      if (failure.code === 'start_code_locked') setLocked(true);
      setError(errorText(failure));
      return false;
    }
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
      <form
        className={styles.dialogForm}
        onSubmit={async (event) => {
          event.preventDefault();
          if (ready && (await send(body()))) onDone();
        }}
      >
        <h2 id={`${id}-title`}>
          {kind === 'reassign' ? td('reassignTitle', { id: ride.id }) : t(kind === 'decline' && cancelWords ? 'cancelTitle' : TITLES[kind], { id: ride.id })}
        </h2>
        {assigning ? (
          <>
            <label htmlFor={`${id}-driver`}>{t('chooseDriver')}</label>
            <select
              id={`${id}-driver`}
              className={ui.input}
              value={driverId}
              onChange={(e) => {
                setDriverId(e.target.value);
                const own = options?.vehicles.find((v) => v.id === options.drivers.find((d) => String(d.id) === e.target.value)?.vehicleId);
                if (own && !vehicleReason(own, upgrade, td) && (!vehicleId || kind === 'reassign')) setVehicleId(String(own.id));
              }}
            >
              <option value="">{t('choose')}</option>
              {options?.drivers.map((d) => {
                const reason = driverReason(d, td);
                const why = suggestionText(d, td);
                return (
                  <option key={d.id} value={d.id} disabled={reason !== null}>
                    {reason ? td('unavailableOption', { name: d.name, reason }) : why ? td('suggestedOption', { name: d.name, why }) : d.name}
                  </option>
                );
              })}
            </select>
            {suggested ? <p className={styles.note}>{td('suggestion', { name: suggested.name, why: suggestionText(suggested, td) ?? '' })}</p> : null}
            {options && !options.drivers.length ? <p className={styles.note}>{t('noDrivers')}</p> : null}
            {options?.drivers.length && !options.drivers.some((d) => d.availability === 'available') ? (
              <p className={styles.note}>{td('noFreeDriver')}</p>
            ) : null}
            <label htmlFor={`${id}-vehicle`}>{t('chooseVehicle')}</label>
            <select id={`${id}-vehicle`} className={ui.input} value={vehicleId} onChange={(e) => setVehicleId(e.target.value)}>
              <option value="">{t('choose')}</option>
              {options?.vehicles.map((v) => {
                const label = `${v.number} · ${v.model}`;
                const reason = vehicleReason(v, upgrade, td);
                return (
                  <option key={v.id} value={v.id} disabled={reason !== null}>
                    {reason ? td('unavailableOption', { name: label, reason }) : label}
                  </option>
                );
              })}
            </select>
            {options && !options.vehicles.length ? <p className={styles.note}>{t('noVehicles')}</p> : null}
            {options?.vehicles.some((v) => v.fit === 'upgrade') ? (
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={upgrade}
                  onChange={(e) => {
                    setUpgrade(e.target.checked);
                    if (!e.target.checked && chosenVehicle?.fit === 'upgrade') setVehicleId('');
                  }}
                />
                <span>{td('upgrade')}</span>
              </label>
            ) : null}
          </>
        ) : null}
        {kind === 'decline' ? (
          <>
            <label htmlFor={`${id}-reason`}>{t('reason')}</label>
            <textarea id={`${id}-reason`} className={ui.input} rows={3} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
          </>
        ) : null}
        {kind === 'start' ? (
          <>
            <p>{ride.bookedForCustomer ? td('startBodyCustomer') : t('startBody')}</p>
            {early !== undefined ? <p className={styles.earlyNote}>{td('earlyStart', { when: formatDateTime(ride.pickupTime, locale, timeZone) })}</p> : null}
            <label htmlFor={`${id}-code`}>{t('startCode')}</label>
            <input
              id={`${id}-code`}
              className={ui.input}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              disabled={locked}
            />
            {locked ? (
              <>
                <p className={styles.note}>{t('locked')}</p>
                <button
                  type="button"
                  className={`${ui.button} ${ui.secondary}`}
                  disabled={busy}
                  onClick={async () => {
                    if (await send({ action: 'resetStartCode' })) {
                      setLocked(false);
                      setError(undefined);
                    }
                  }}
                >
                  {t('resetCode')}
                </button>
              </>
            ) : null}
          </>
        ) : null}
        {kind === 'complete' ? (
          <>
            <p>{t('completeBody', { tolls: formatMoney(ride.tolls, ride.currency, locale) })}</p>
            {early !== undefined ? (
              <p className={styles.earlyNote}>{td('earlyComplete', { when: formatDateTime(ride.pickupTime, locale, timeZone) })}</p>
            ) : null}
            <label htmlFor={`${id}-tolls`}>{t('finalTolls', { currency: ride.currency })}</label>
            <input
              id={`${id}-tolls`}
              className={ui.input}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={tolls}
              onChange={(e) => setTolls(e.target.value)}
            />
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
              onChange={(e) => setWaited(e.target.value)}
              aria-describedby={`${id}-waited-hint`}
            />
            <p id={`${id}-waited-hint`} className={styles.note}>
              {tf('waitedConsoleHint')}
            </p>
            <PaidWith paidByCard={paidByCard} value={paidWith} onChange={setPaidWith} />
          </>
        ) : null}
        {error ? (
          <p role="alert" className={ui.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={!ready || busy}>
            {busy ? t('working') : kind === 'reassign' ? td('confirmReassign') : t(kind === 'decline' && cancelWords ? 'confirmCancel' : CONFIRM[kind])}
          </button>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** How the customer paid at the end of the ride: cash to the driver or UPI; a ride paid by card through PayU says so and needs no choice. */
function PaidWith({ paidByCard, value, onChange }: { paidByCard: boolean; value: 'cash' | 'upi'; onChange: (value: 'cash' | 'upi') => void }) {
  const tb = useTranslations('Board');
  const id = useId();
  if (paidByCard) return <p className={styles.note}>{tb('paidByCard')}</p>;
  return (
    <fieldset className={styles.paidWith} aria-describedby={`${id}-hint`}>
      <legend>{tb('paidWith')}</legend>
      {(['cash', 'upi'] as const).map((method) => (
        <label key={method} className={styles.paidOption}>
          <input type="radio" name={`${id}-paid`} value={method} checked={value === method} onChange={() => onChange(method)} />
          {tb(`paid.${method}`)}
        </label>
      ))}
      <p id={`${id}-hint`} className={styles.note}>
        {tb(value === 'cash' ? 'paidCashHint' : 'paidOnlineHint')}
      </p>
    </fieldset>
  );
}
