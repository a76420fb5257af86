'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { useRouter } from '@/lib/i18n/navigation';
import { queryKeys } from '@/lib/query-keys';
import { toMinor, walletShare } from '@/lib/money/minor';
import { useSession } from '@/components/auth/session-store';
import { BackArrow } from '@/components/ui/back-arrow';
import { useVehicleName } from '@/components/ui/vehicle-name';
import ui from '@/components/ui/ui.module.css';
import { fetchRiderWallet } from '@/components/rider/api';
import { NO_PASSENGER } from '@/components/trust/passenger-fields';
import { useBookingStore, type RideFormData, type SelectedVehicle } from './booking-store';
import { CashbackSheet } from './cashback-sheet';
import type { AppliedPromo } from './promo-entry';
import { SummaryFieldset } from './summary-fields';
import { isEmailAsked, PAYMENT_OPTIONS, summaryResolver, type PaymentOption, type SummaryContext, type SummaryFields, type SummaryInput } from './summary-form';
import { SummaryPrice } from './summary-price';
import { SummaryTrip } from './summary-trip';
import { useBookRide } from './use-book-ride';
import styles from './booking.module.css';

type SummaryProps = {
  timeZone: string;
  cashbackBps: number;
  /** The operator's share of a fare riders may pay from their wallet (basis points). */
  walletSpendBps?: number;
  defaultCountry: string;
  cardPayments?: boolean;
};

/**
 * Ride summary: vehicle, itinerary, package (rentals), price breakdown with the
 * wallet line, payment method (Card when `cardPayments`, with the rider's e-mail
 * asked once) and Book now (with the cashback sign-in sheet).
 */
export function RideSummary(props: SummaryProps) {
  const t = useTranslations('RideSummary');
  const router = useRouter();
  const { form, selected, ready } = useBookingStore(useShallow((s) => ({ form: s.form, selected: s.selected, ready: s.ready })));

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
  return <SummaryForm {...props} trip={form} selected={selected} />;
}

/** The summary of a chosen fare, its fields on react-hook-form: Book now checks the e-mail, then (signed in) the passenger. */
function SummaryForm({
  timeZone,
  cashbackBps,
  walletSpendBps = 0,
  defaultCountry,
  cardPayments = false,
  trip,
  selected,
}: SummaryProps & { trip: RideFormData; selected: SelectedVehicle }) {
  const t = useTranslations('RideSummary');
  const vehicleName = useVehicleName();
  const router = useRouter();
  const { me } = useSession();
  const booking = useBookRide();
  const [sheet, setSheet] = useState(false);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  // the wallet only for a signed-in rider (a signed-out one has none to spend)
  const wallet = useQuery({ queryKey: queryKeys.rider.wallet(), queryFn: fetchRiderWallet, enabled: Boolean(me) });
  const hasEmail = Boolean(me?.email);
  const form = useForm<SummaryFields, SummaryContext, SummaryInput>({
    resolver: summaryResolver,
    context: { hasEmail },
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { payment: 'cash', useWallet: true, email: '', passenger: NO_PASSENGER },
  });
  const [payment, useWallet] = useWatch({ control: form.control, name: ['payment', 'useWallet'] });
  const paymentOptions: readonly PaymentOption[] = cardPayments ? [...PAYMENT_OPTIONS, 'card'] : PAYMENT_OPTIONS;

  const detail = selected.quote.ride_details.find(
    (d) => d.vehicle.vehicle_type === selected.vehicleType && (d.vehicle.ac === false) === Boolean(selected.nonAc),
  )!;
  const fee = detail.fee;
  const cashback = Math.round((toMinor(fee.ride_amount) * cashbackBps) / 10_000);
  // the wallet: what this ride may take from it (signed-in riders with an available balance)
  const available = me && wallet.data ? wallet.data.balance.available : 0;
  const total = toMinor(fee.total_fee) - (promo?.discount ?? 0);
  const walletMax = Math.min(available, walletShare(total, walletSpendBps));
  const walletApplied = useWallet ? walletMax : 0;

  // the fields shown wrong on a failed check, as the rider would have left them
  const touch = (fields: (keyof SummaryFields)[]) => {
    for (const field of fields) form.setValue(field, form.getValues(field) as never, { shouldTouch: true, shouldValidate: true });
  };
  const book = form.handleSubmit(
    (input) => booking.book({ trip, selected, fee, input, walletApplied, promoCode: promo?.code }),
    (errors) => touch(Object.keys(errors) as (keyof SummaryFields)[]),
  );
  const onBookNow = async () => {
    if (!(await form.trigger('email'))) return touch(['email']);
    if (me) void book();
    else setSheet(true);
  };

  return (
    <div className={styles.summary}>
      <button type="button" className={styles.backButton} onClick={() => router.push('/ride/vehicles')}>
        <BackArrow /> {t('back')}
      </button>
      <h1 className={styles.stepTitle}>{t('title')}</h1>
      <SummaryTrip
        trip={trip}
        detail={detail}
        route={selected.quote.ride_route.distance_time}
        vehicleLabel={vehicleName(selected.vehicleType, detail.vehicle.ac)}
        timeZone={timeZone}
      />
      <SummaryPrice
        trip={trip}
        selected={selected}
        fee={fee}
        amounts={{ total, available, walletMax, walletApplied, toDriver: total - walletApplied }}
        promo={promo}
        onPromo={setPromo}
        walletSwitch={form.register('useWallet')}
        timeZone={timeZone}
      />
      <SummaryFieldset form={form} paymentOptions={paymentOptions} askEmail={isEmailAsked(payment, hasEmail)} defaultCountry={defaultCountry} />

      {booking.problem ? (
        <div role="alert" className={styles.problem}>
          <p>{t('bookingError', { reason: booking.problem })}</p>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => router.push('/user/home')}>
            {t('searchAgain')}
          </button>
        </div>
      ) : null}

      <button type="button" className={`${ui.button} ${ui.primary} ${styles.full}`} onClick={() => void onBookNow()} disabled={booking.busy}>
        {t('bookNow')}
      </button>

      {sheet && !me ? (
        <CashbackSheet
          cashback={cashback}
          currency={fee.currency}
          defaultCountry={defaultCountry}
          defaultPhone={trip.phone}
          onSignedIn={() => {
            setSheet(false);
            void book();
          }}
          onClose={() => setSheet(false)}
        />
      ) : null}

      {booking.busy ? (
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
