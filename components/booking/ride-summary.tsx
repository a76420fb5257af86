'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { formatDateTime, formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { reportEvent } from '@/lib/tracking/client';
import { PhoneLogin } from '@/components/auth/phone-login';
import { useSession, useSessionStore } from '@/components/auth/session-store';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import { bookRide, openCardPayment } from './api';
import { NO_PASSENGER, PassengerFields, passengerOf, type PassengerDraft } from '@/components/trust/passenger-fields';
import { useBookingStore } from './booking-store';
import { useShallow } from 'zustand/react/shallow';
import styles from './booking.module.css';

/** Signup sheet height in dvh (spec 000 §9). */
const SIGNUP_SHEET_HEIGHT = 42;
const PAYMENT_OPTIONS = ['cash', 'upi'] as const;
type PaymentOption = (typeof PAYMENT_OPTIONS)[number] | 'card';

const toMinor = (major: number) => Math.round(major * 100);

/** Ride summary: vehicle, itinerary, price breakdown, payment method (Card when `cardPayments`) and Book now (with the cashback sign-in sheet). */
export function RideSummary({ timeZone, cashbackBps, defaultCountry, cardPayments = false }: { timeZone: string; cashbackBps: number; defaultCountry: string; cardPayments?: boolean }) {
  const t = useTranslations('RideSummary');
  const tPayment = useTranslations('Payment');
  const tTypes = useTranslations('VehicleTypes');
  const tBooking = useTranslations('Booking');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const errorText = useApiErrorText();
  const { me } = useSession();
  const { form, selected, ready, confirm } = useBookingStore(useShallow((s) => ({ form: s.form, selected: s.selected, ready: s.ready, confirm: s.confirm })));
  const [payment, setPayment] = useState<PaymentOption>('cash');
  const paymentOptions: readonly PaymentOption[] = cardPayments ? [...PAYMENT_OPTIONS, 'card'] : PAYMENT_OPTIONS;
  const [sheet, setSheet] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [passenger, setPassenger] = useState<PassengerDraft>(NO_PASSENGER);
  const [passengerErrors, setPassengerErrors] = useState(false);
  const attemptKey = useRef<string | null>(null);

  useEffect(() => {
    if (ready && (!form || !selected)) console.warn('Ride summary details are not available');
  }, [ready, form, selected]);

  if (!ready) return null;
  if (!form || !selected) {
    return (
      <>
        <h1 className={styles.stepTitle}>{t('title')}</h1>
        <div className={styles.empty} role="status">
          <p>{t('notAvailable')}</p>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => router.push('/user/home')}>
            {t('searchAgain')}
          </button>
        </div>
      </>
    );
  }

  const detail = selected.quote.ride_details.find((d) => d.vehicle.vehicle_type === selected.vehicleType)!;
  const fee = detail.fee;
  const money = (major: number) => formatMoney(toMinor(major), fee.currency, locale);
  const cashback = Math.round((toMinor(fee.ride_amount) * cashbackBps) / 10_000);
  const route = selected.quote.ride_route.distance_time;
  const pickupAt = form.pickupTime === 'now' || !form.pickupAt ? new Date().toISOString() : form.pickupAt;

  const book = async () => {
    const forPassenger = passengerOf(passenger);
    if (!forPassenger.ok) {
      setPassengerErrors(true);
      return;
    }
    setProblem(undefined);
    setBusy(true);
    attemptKey.current ??= crypto.randomUUID();
    const result = await bookRide({
      rideSearchId: selected.quote.ride_search_id,
      rideVehicle: selected.vehicleType,
      idempotencyKey: attemptKey.current,
      paymentMethod: payment,
      flightNumber: form.tripKind === 'airport' ? form.flightNumber : undefined,
      flightDirection: form.tripKind === 'airport' ? form.flightDirection : undefined,
      currency: fee.currency,
      rideAmount: fee.ride_amount,
      tolls: fee.tolls,
      driverBata: fee.driver_bata,
      totalAmount: fee.total_fee,
      passenger: forPassenger.passenger,
      language: locale.split('-')[0],
    });
    if (result.ok) {
      const first = result.data.data[0];
      if (!first) {
        setBusy(false);
        reportEvent('book_ride_fails', { reason: 'empty' });
        return;
      }
      reportEvent('book_ride_success', { rideId: first.rideId });
      confirm({ rideId: first.rideId, cashbackAmount: toMinor(first.cashbackAmount), currency: fee.currency });
      if (payment === 'card') {
        const opened = await openCardPayment(first.rideId);
        router.push(opened.ok ? `/pay/${opened.data.txnId}` : `/pay/failed?rideId=${first.rideId}`);
        return;
      }
      router.push('/ride/confirmed');
      return;
    }
    reportEvent('book_ride_fails', { reason: result.error.code });
    if (result.error.status >= 400 && result.error.status < 500 && result.error.status !== 401) {
      // The fare or trip is no longer bookable: say why and stay, nothing was booked.
      setBusy(false);
      attemptKey.current = null;
      setProblem(errorText(result.error));
      return;
    }
    console.error(result.error.code === 'network' ? 'Booking timeout' : result.error.message);
    confirm(null);
    router.push('/ride/confirmed');
  };

  const onBookNow = () => {
    if (me) void book();
    else setSheet(true);
  };

  return (
    <div className={styles.summary}>
      <button type="button" className={styles.backButton} onClick={() => router.push('/ride/vehicles')}>
        ← {t('back')}
      </button>
      <h1 className={styles.stepTitle}>{t('title')}</h1>

      <section className={styles.card} aria-label={tTypes(selected.vehicleType)}>
        <div className={styles.summaryHead}>
          <strong>{tTypes(selected.vehicleType)}</strong>
          <span className={styles.vehiclePrice}>{money(fee.total_fee)}</span>
        </div>
        <p className={styles.muted}>{detail.vehicle.vehicles.join(', ')}</p>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-itinerary`}>
        <h2 id={`${id}-itinerary`} className={styles.cardTitle}>{t('itinerary')}</h2>
        <ol className={styles.itinerary}>
          <li>
            <span className={styles.dotP} aria-hidden="true">P</span>
            <span>
              <strong>{t('pickup')}</strong> {form.pickupLocation?.name}
              <br />
              <time dateTime={pickupAt}>{formatDateTime(pickupAt, locale, timeZone)}</time>
            </span>
          </li>
          {form.tripKind !== 'rental' && form.dropoffLocation ? (
            <li>
              <span className={styles.dotD} aria-hidden="true">D</span>
              <span>
                <strong>{t('dropoff')}</strong> {form.dropoffLocation.name}
              </span>
            </li>
          ) : null}
          {form.rideType === 'return' && form.returnAt ? (
            <li>
              <span className={styles.dotP} aria-hidden="true">↩</span>
              <span>
                <strong>{t('returnTrip')}</strong> <time dateTime={form.returnAt}>{formatDateTime(form.returnAt, locale, timeZone)}</time>
              </span>
            </li>
          ) : null}
        </ol>
        {form.tripKind === 'airport' && form.flightNumber ? <p className={styles.muted}>{t('flight', { flight: form.flightNumber, direction: tBooking(form.flightDirection) })}</p> : null}
        {form.tripKind !== 'rental' ? <p className={styles.muted}>{t('trip', { distance: formatKm(route.ride_distance.distance * 1000, locale), duration: formatDuration(route.ride_duration.duration * 60, locale) })}</p> : null}
      </section>

      <section className={styles.card} aria-labelledby={`${id}-price`}>
        <h2 id={`${id}-price`} className={styles.cardTitle}>{t('priceBreakdown')}</h2>
        <dl className={styles.breakdown}>
          <dt>{t('rideAmount')}</dt>
          <dd>{money(fee.ride_amount)}</dd>
          <dt>{t('tolls')}</dt>
          <dd>{money(fee.tolls)}</dd>
          <dt>{t('driverBata')}</dt>
          <dd>{money(fee.driver_bata)}</dd>
          <dt className={styles.totalRow}>{t('total')}</dt>
          <dd className={styles.totalRow}>{money(fee.total_fee)}</dd>
        </dl>
      </section>

      <div className={styles.field}>
        <label htmlFor={`${id}-payment`}>{t('paymentMethod')}</label>
        <select id={`${id}-payment`} className={styles.input} value={payment} onChange={(e) => setPayment(e.target.value as typeof payment)}>
          {paymentOptions.map((option) => (
            <option key={option} value={option}>
              {t(option)}
            </option>
          ))}
        </select>
        <p className={styles.hint}>{payment === 'card' ? tPayment('cardHint') : t('payToDriver')}</p>
      </div>

      <PassengerFields value={passenger} onChange={setPassenger} showErrors={passengerErrors} defaultCountry={defaultCountry} />

      {problem ? (
        <div role="alert" className={styles.problem}>
          <p>{t('bookingError', { reason: problem })}</p>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => router.push('/user/home')}>
            {t('searchAgain')}
          </button>
        </div>
      ) : null}

      <button type="button" className={`${ui.button} ${ui.primary} ${styles.full}`} onClick={onBookNow} disabled={busy}>
        {t('bookNow')}
      </button>

      {sheet && !me ? (
        <div className={styles.sheetLayer}>
          <BottomSheet initialHeight={SIGNUP_SHEET_HEIGHT} handleLabel={t('sheetHandle')} labelledBy={`${id}-sheet`}>
            <h2 id={`${id}-sheet`} className={styles.cardTitle}>{t('cashbackTitle', { amount: formatMoney(cashback, fee.currency, locale) })}</h2>
            <p className={styles.muted}>{t('cashbackSubtitle')}</p>
            <PhoneLogin
              askName
              defaultCountry={defaultCountry}
              defaultPhone={form.phone}
              onSuccess={async () => {
                await useSessionStore.getState().refresh();
                setSheet(false);
                void book();
              }}
            />
            <button type="button" className={styles.linkButton} onClick={() => setSheet(false)}>
              {t('close')}
            </button>
          </BottomSheet>
        </div>
      ) : null}

      {busy ? (
        <div className={styles.overlay} role="status" aria-live="polite">
          <div className={styles.overlayCard}>
            <span className={styles.spinner} aria-hidden="true" />
            <strong>{t('booking')}</strong>
            <span>{t('bookingDetail')}</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
