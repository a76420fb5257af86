'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/i18n/format';
import { MeetingPoint } from '@/components/flights/meeting-point';
import ui from '@/components/ui/ui.module.css';
import { useBookingStore } from './booking-store';
import { useShallow } from 'zustand/react/shallow';
import styles from './booking.module.css';

/** Back to the base route after this long (docs/requirements/rider.md#confirmation). */
const CONFIRMATION_REDIRECT_MS = 5000;

/**
 * Seconds left before going home, counted from when the confirmation shows (5, 4, 3, 2, 1), going home when
 * none is left: the page says exactly what it does.
 */
function useCountdownHome(active: boolean): number {
  const router = useRouter();
  const [left, setLeft] = useState(CONFIRMATION_REDIRECT_MS / 1000);
  useEffect(() => {
    if (!active) return;
    const deadline = Date.now() + CONFIRMATION_REDIRECT_MS;
    const tick = () => {
      const remaining = Math.ceil((deadline - Date.now()) / 1000);
      setLeft(Math.max(0, remaining));
      if (remaining <= 0) {
        clearInterval(timer);
        router.replace('/user/home');
      }
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [active, router]);
  return left;
}

/** Confirmation: the ride number, the cashback pending until the trip ends, what the wallet paid (and the card payment, `paidRideId`), or the failure state; home after 5 s. */
export function RideConfirmed({ paidRideId }: { paidRideId?: number }) {
  const t = useTranslations('RideConfirmed');
  const tf = useTranslations('RideFlow');
  const tPayment = useTranslations('Payment');
  const tFlights = useTranslations('Flights');
  const locale = useLocale();
  const { confirmation, ready } = useBookingStore(useShallow((s) => ({ confirmation: s.confirmation, ready: s.ready })));
  const secondsLeft = useCountdownHome(ready && Boolean(confirmation || paidRideId));

  if (!ready) return null;
  const rideId = paidRideId ?? confirmation?.rideId;
  const cashback = confirmation && confirmation.rideId === rideId ? confirmation : undefined;
  if (rideId === undefined) {
    return (
      <section className={styles.confirmation} aria-labelledby="confirmed-title">
        <h1 id="confirmed-title">{t('failedTitle')}</h1>
        <p>{t('failedBody')}</p>
        <div className={styles.confirmActions}>
          <Link href="/user/home" className={`${ui.button} ${ui.primary}`}>
            {t('bookAgain')}
          </Link>
          <Link href="/user/rides" className={`${ui.button} ${ui.secondary}`}>
            {t('viewRides')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.confirmation} aria-labelledby="confirmed-title">
      <div className={styles.tick} aria-hidden="true">
        ✓
      </div>
      <h1 id="confirmed-title">{t('title')}</h1>
      <p className={ui.hint}>{t('rideNumber', { id: rideId })}</p>
      {paidRideId ? <p>{tPayment('paid', { id: paidRideId })}</p> : null}
      {cashback && cashback.cashbackAmount > 0 ? (
        <p className={styles.cashback}>{tf('cashbackPending', { cashbackAmount: formatMoney(cashback.cashbackAmount, cashback.currency, locale) })}</p>
      ) : null}
      {cashback?.walletApplied && cashback.totalAmount !== undefined ? (
        <p>
          {tf('walletPaid', {
            amount: formatMoney(cashback.walletApplied, cashback.currency, locale),
            rest: formatMoney(cashback.totalAmount - cashback.walletApplied, cashback.currency, locale),
          })}
        </p>
      ) : null}
      {cashback?.meeting ? (
        <>
          {cashback.meeting.point ? <MeetingPoint point={cashback.meeting.point} /> : null}
          <p className={ui.hint}>{tFlights(cashback.meeting.flight ? 'freeWaitingFlight' : 'freeWaiting', { minutes: cashback.meeting.freeMinutes })}</p>
        </>
      ) : null}
      <p role="timer" className={ui.hint}>
        {t('redirectingIn', { seconds: Math.max(1, secondsLeft) })}
      </p>
      <Link href="/user/rides" className={`${ui.button} ${ui.secondary}`}>
        {t('viewRides')}
      </Link>
    </section>
  );
}
