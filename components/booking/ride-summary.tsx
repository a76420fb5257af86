'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { formatDateTime, formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { reportEvent } from '@/lib/tracking/client';
import { checkEmail } from '@/lib/contact/checks';
import { PhoneLogin } from '@/components/auth/phone-login';
import { useSession, useSessionStore } from '@/components/auth/session-store';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { fetchRiderWallet, updateProfile } from '@/components/rider/api';
import { failureOf } from '@/components/data/fetch-data';
import { bookRide, openCardPayment } from './api';
import { NO_PASSENGER, PassengerFields, passengerOf, type PassengerDraft } from '@/components/trust/passenger-fields';
import { useBookingStore } from './booking-store';
import { useShallow } from 'zustand/react/shallow';
import styles from './booking.module.css';
import { BackArrow } from '@/components/ui/back-arrow';
import { toMinor } from '@/lib/money/minor';
import { FareLineItems } from './fare-line-items';
import { BilledMinimum } from './fare-notes';
import { useVehicleName } from '@/components/ui/vehicle-name';
import { CancellationNote } from './cancellation-note';
import { PromoEntry, type AppliedPromo } from './promo-entry';
import { usePromoStore } from './promo-store';
import { walletShare } from '@/lib/money/minor';

/** Signup sheet height in dvh (docs/requirements/rider.md#numbers-the-screens-use). */
const SIGNUP_SHEET_HEIGHT = 42;
const PAYMENT_OPTIONS = ['cash', 'upi'] as const;
type PaymentOption = (typeof PAYMENT_OPTIONS)[number] | 'card';

/**
 * Ride summary: vehicle, itinerary, package (rentals), price breakdown with the
 * wallet line, payment method (Card when `cardPayments`, with the rider's e-mail
 * asked once) and Book now (with the cashback sign-in sheet).
 */
export function RideSummary({
  timeZone,
  cashbackBps,
  walletSpendBps = 0,
  defaultCountry,
  cardPayments = false,
}: {
  timeZone: string;
  cashbackBps: number;
  /** The operator's share of a fare riders may pay from their wallet (basis points). */
  walletSpendBps?: number;
  defaultCountry: string;
  cardPayments?: boolean;
}) {
  const t = useTranslations('RideSummary');
  const tf = useTranslations('RideFlow');
  const tv = useTranslations('Validation');
  const tPayment = useTranslations('Payment');
  const vehicleName = useVehicleName();
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
  // the wallet only for a signed-in rider (a signed-out one has none to spend)
  const wallet = useQuery({ queryKey: queryKeys.rider.wallet(), queryFn: fetchRiderWallet, enabled: Boolean(me) });
  const [useWallet, setUseWallet] = useState(true);
  const [email, setEmail] = useState('');
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [emailTouched, setEmailTouched] = useState(false);

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

  const detail = selected.quote.ride_details.find(
    (d) => d.vehicle.vehicle_type === selected.vehicleType && (d.vehicle.ac === false) === Boolean(selected.nonAc),
  )!;
  const vehicleLabel = vehicleName(selected.vehicleType, detail.vehicle.ac);
  const fee = detail.fee;
  const money = (major: number) => formatMoney(toMinor(major), fee.currency, locale);
  const cashback = Math.round((toMinor(fee.ride_amount) * cashbackBps) / 10_000);
  const route = selected.quote.ride_route.distance_time;
  const rental = form.tripKind === 'rental' ? fee.rental : null;
  // the wallet: what this ride may take from it (signed-in riders with an available balance)
  const available = me && wallet.data ? wallet.data.balance.available : 0;
  const discount = promo?.discount ?? 0;
  const total = toMinor(fee.total_fee) - discount;
  const walletMax = Math.min(available, walletShare(total, walletSpendBps));
  const walletApplied = useWallet ? walletMax : 0;
  const toDriver = total - walletApplied;
  const lines = [
    ...fee.lines.map((line) => ({ code: line.code, amount: toMinor(line.amount) })),
    ...(promo ? [{ code: 'discount' as const, amount: -promo.discount }] : []),
  ];
  const minor = (amount: number) => formatMoney(amount, fee.currency, locale);
  // card payments need the rider's e-mail for the receipt: asked once, kept in the profile
  const askEmail = payment === 'card' && !me?.email;
  // the server's rule (lib/contact/identifiers emailSchema) through its zod-free copy, so what passes here passes there
  const emailCheck = askEmail ? checkEmail(email) : undefined;
  const emailProblem = emailCheck && !emailCheck.ok ? tv(emailCheck.message as 'emailInvalid') : undefined;
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
      ...(selected.nonAc ? { rideNonAc: true } : {}),
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
      useWallet: walletApplied > 0,
      promoCode: promo?.code,
    });
    if (result.ok) {
      const first = result.data.data[0];
      if (!first) {
        setBusy(false);
        reportEvent('book_ride_fails', { reason: 'empty' });
        return;
      }
      reportEvent('book_ride_success', { rideId: first.rideId });
      usePromoStore.getState().setCode(null);
      confirm({
        rideId: first.rideId,
        cashbackAmount: toMinor(first.cashbackAmount),
        walletApplied: toMinor(first.walletApplied),
        totalAmount: first.totalAmount,
        currency: fee.currency,
        ...(first.airport && form.flightDirection === 'arrival'
          ? {
              meeting: {
                point: first.airport.meetingPoint,
                freeMinutes: first.airport.freeWaitingMinutes,
                flight: Boolean(first.airport.flight),
              },
            }
          : {}),
      });
      if (payment === 'card') {
        const signedIn = useSessionStore.getState().me;
        if (signedIn && !signedIn.email && email.trim()) {
          // kept in the profile, so the next card payment does not ask again
          await updateProfile({ name: signedIn.name || 'Rider', email: email.trim() }).catch((error: unknown) =>
            console.warn('profile e-mail not saved', failureOf(error).message),
          );
        }
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
    if (emailProblem) {
      setEmailTouched(true);
      return;
    }
    if (me) void book();
    else setSheet(true);
  };

  return (
    <div className={styles.summary}>
      <button type="button" className={styles.backButton} onClick={() => router.push('/ride/vehicles')}>
        <BackArrow /> {t('back')}
      </button>
      <h1 className={styles.stepTitle}>{t('title')}</h1>

      <section className={styles.card} aria-label={vehicleLabel}>
        <div className={styles.summaryHead}>
          <strong>{vehicleLabel}</strong>
          <span className={styles.vehiclePrice}>{money(fee.total_fee)}</span>
        </div>
        <p className={ui.hint}>{detail.vehicle.vehicles.join(', ')}</p>
      </section>

      <section className={styles.card} aria-labelledby={`${id}-itinerary`}>
        <h2 id={`${id}-itinerary`} className={styles.cardTitle}>
          {t('itinerary')}
        </h2>
        <ol className={styles.itinerary}>
          <li>
            <span className={styles.dotP} aria-hidden="true">
              P
            </span>
            <span>
              <strong>{t('pickup')}</strong> {form.pickupLocation?.name}
              <br />
              <time dateTime={pickupAt}>{formatDateTime(pickupAt, locale, timeZone)}</time>
            </span>
          </li>
          {form.tripKind !== 'rental' && form.dropoffLocation ? (
            <li>
              <span className={styles.dotD} aria-hidden="true">
                D
              </span>
              <span>
                <strong>{t('dropoff')}</strong> {form.dropoffLocation.name}
              </span>
            </li>
          ) : null}
          {form.rideType === 'return' && form.returnAt ? (
            <li>
              <span className={styles.dotP} aria-hidden="true">
                ↩
              </span>
              <span>
                <strong>{t('returnTrip')}</strong> <time dateTime={form.returnAt}>{formatDateTime(form.returnAt, locale, timeZone)}</time>
              </span>
            </li>
          ) : null}
        </ol>
        {rental ? <p className={ui.hint}>{tf('package', { hours: rental.hours, km: rental.km })}</p> : null}
        {rental ? <p className={ui.hint}>{tf('extraRates', { perKm: money(rental.extra_km_rate), perHour: money(rental.extra_hour_rate) })}</p> : null}
        {form.tripKind === 'airport' && form.flightNumber ? (
          <p className={ui.hint}>{t('flight', { flight: form.flightNumber, direction: tBooking(form.flightDirection) })}</p>
        ) : null}
        {form.tripKind !== 'rental' ? (
          <p className={ui.hint}>
            {t('trip', {
              distance: formatKm(route.ride_distance.distance * 1000, locale),
              duration: formatDuration(route.ride_duration.duration * 60, locale),
            })}
          </p>
        ) : null}
      </section>

      <section className={styles.card} aria-labelledby={`${id}-price`}>
        <h2 id={`${id}-price`} className={styles.cardTitle}>
          {t('priceBreakdown')}
        </h2>
        <dl className={styles.breakdown}>
          <FareLineItems lines={lines} currency={fee.currency} promoCode={promo?.code} />
          <dt className={styles.totalRow}>{t('total')}</dt>
          <dd className={styles.totalRow}>{minor(total)}</dd>
          {walletApplied > 0 ? (
            <>
              <dt>{tf('walletLine')}</dt>
              <dd>−{minor(walletApplied)}</dd>
              <dt className={styles.totalRow}>{tf('toDriver')}</dt>
              <dd className={styles.totalRow}>{minor(toDriver)}</dd>
            </>
          ) : null}
        </dl>
        {fee.minimum ? (
          <p>
            <BilledMinimum minimum={fee.minimum} />
          </p>
        ) : null}
        {fee.waiting && fee.waiting.per_block > 0 ? (
          <p className={ui.hint}>
            {tf(form.tripKind === 'airport' && form.flightDirection === 'arrival' ? 'waitingRuleFlight' : 'waitingRule', {
              free: fee.waiting.free_minutes ?? 0,
              amount: money(fee.waiting.per_block),
              block: fee.waiting.block_minutes ?? 15,
            })}
          </p>
        ) : null}
        <PromoEntry rideSearchId={selected.quote.ride_search_id} rideVehicle={selected.vehicleType} rideNonAc={selected.nonAc} onApplied={setPromo} />
        {selected.quote.cancellation && fee.cancellation_fee !== null ? (
          <CancellationNote
            className={ui.hint}
            freeUntil={selected.quote.cancellation.free_until}
            fee={toMinor(fee.cancellation_fee)}
            currency={fee.currency}
            timeZone={timeZone}
          />
        ) : null}
        {walletMax > 0 ? (
          <label className={styles.radioRow}>
            <input type="checkbox" checked={useWallet} onChange={(e) => setUseWallet(e.target.checked)} />
            <span>{tf('useWallet', { amount: minor(walletMax), available: minor(available) })}</span>
          </label>
        ) : null}
      </section>

      <div className={ui.field}>
        <label htmlFor={`${id}-payment`}>{t('paymentMethod')}</label>
        <select id={`${id}-payment`} className={ui.input} value={payment} onChange={(e) => setPayment(e.target.value as typeof payment)}>
          {paymentOptions.map((option) => (
            <option key={option} value={option}>
              {t(option)}
            </option>
          ))}
        </select>
        <p className={ui.hint}>{payment === 'card' ? tPayment('cardHint') : t('payToDriver')}</p>
      </div>

      <PassengerFields value={passenger} onChange={setPassenger} showErrors={passengerErrors} defaultCountry={defaultCountry} />
      {askEmail ? (
        <div className={ui.field}>
          <label htmlFor={`${id}-email`}>{tf('email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            className={ui.input}
            value={email}
            maxLength={254}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setEmailTouched(true)}
            aria-invalid={emailTouched && emailProblem ? true : undefined}
            aria-describedby={`${id}-email-hint`}
          />
          <p id={`${id}-email-hint`} className={emailTouched && emailProblem ? ui.error : ui.hint}>
            {emailTouched && emailProblem ? emailProblem : tf('emailHint')}
          </p>
        </div>
      ) : null}

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
            <h2 id={`${id}-sheet`} className={styles.cardTitle}>
              {t('cashbackTitle', { amount: formatMoney(cashback, fee.currency, locale) })}
            </h2>
            <p className={ui.hint}>{t('cashbackSubtitle')}</p>
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
