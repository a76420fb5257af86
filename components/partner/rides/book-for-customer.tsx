'use client';

import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { ltrText } from '@/lib/i18n/bidi';
import type { RentalPackage, VehicleType } from '@/lib/booking/vocabulary';
import { formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import { personNameSchema, phoneSchema, NAME_MAX } from '@/lib/contact/identifiers';
import { PhoneField } from '@/components/auth/phone-field';
import { RideForm } from '@/components/booking/ride-form';
import type { RideFormData } from '@/components/booking/booking-store';
import { bookForCustomer, fetchQuote, type Quote, type QuoteInput } from '@/components/booking/api';
import { failureOf } from '@/components/data/fetch-data';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import type { ConsoleArea } from '../sections';
import styles from './rides.module.css';
import { toMinor } from '@/lib/money/minor';

/** travel/ride/book: the partner books for a customer by phone, with the rider's booking form and fares. */
export function BookForCustomer({
  area,
  timeZone,
  defaultCountry,
  packages,
}: {
  area: ConsoleArea;
  timeZone: string;
  defaultCountry: string;
  packages: Omit<RentalPackage, 'price'>[];
}) {
  const t = useTranslations('ConsoleBooking');
  const td = useTranslations('Dispatch');
  const tTypes = useTranslations('VehicleTypes');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const errorText = useApiErrorText();
  const id = useId();
  const [trip, setTrip] = useState<RideFormData | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [vehicle, setVehicle] = useState<VehicleType | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState<{ dialCode?: string; number?: string } | undefined>();
  const [payment, setPayment] = useState<'cash' | 'upi'>('cash');
  const [error, setError] = useState<string>();
  const pricing = useMutation({ mutationFn: fetchQuote });
  const booking = useMutation({ mutationFn: bookForCustomer });
  const busy = booking.isPending;
  const [booked, setBooked] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [codeRefused, setCodeRefused] = useState<string>();
  const [key, setKey] = useState(() => crypto.randomUUID());

  const nameOk = personNameSchema.safeParse(name).success;
  const phoneCheck = phoneSchema.safeParse(phone ?? {});

  const priceTrip = async (form: RideFormData) => {
    setTrip(form);
    setQuote(null);
    setVehicle(null);
    setError(undefined);
    const input = {
      rideType: form.rideType,
      tripKind: form.tripKind,
      packageDetails: form.tripKind === 'rental' ? form.packageDetails : null,
      pickupLocation: form.pickupLocation,
      dropoffLocation: form.tripKind === 'rental' ? null : form.dropoffLocation,
      pickupTime: form.pickupAt,
      returnTime: form.rideType === 'return' ? form.returnAt : null,
    } satisfies QuoteInput;
    await pricing.mutateAsync(input).then(setQuote, (failure: unknown) => setError(errorText(failureOf(failure))));
  };

  const book = async () => {
    if (!trip || !quote || !vehicle || !nameOk || !phoneCheck.success) return;
    setError(undefined);
    await booking
      .mutateAsync({
        customerName: name,
        customerPhone: phoneCheck.data,
        rideSearchId: quote.ride_search_id,
        rideVehicle: vehicle,
        idempotencyKey: key,
        paymentMethod: payment,
        flightNumber: trip.tripKind === 'airport' ? trip.flightNumber : undefined,
        flightDirection: trip.tripKind === 'airport' ? trip.flightDirection : undefined,
      })
      .then(
        (rides) => {
          setSentTo(`+${phoneCheck.data.dialCode} ${phoneCheck.data.number}`);
          const refused = rides[0].codeRefused;
          setCodeRefused(
            refused ? errorText({ code: refused.code, message: refused.message, key: refused.key, values: refused.values, status: 200 }) : undefined,
          );
          setBooked(rides[0].rideId);
        },
        (failure: unknown) => setError(errorText(failureOf(failure))),
      );
  };

  if (booked) {
    return (
      <section className={styles.screen} aria-labelledby={`${id}-done`}>
        <h1 id={`${id}-done`}>{t('booked', { id: booked })}</h1>
        <p>{t('bookedBody')}</p>
        {codeRefused ? (
          <p role="alert" className={ui.error}>
            {codeRefused}
          </p>
        ) : (
          <p role="status">{td('bookedCodeSent', { phone: ltrText(sentTo, locale) })}</p>
        )}
        <div className={styles.actions}>
          <Link href={`/${area}/rides`} className={`${ui.button} ${ui.primary}`}>
            {t('toRides')}
          </Link>
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            onClick={() => {
              setBooked(null);
              setTrip(null);
              setQuote(null);
              setKey(crypto.randomUUID());
            }}
          >
            {t('another')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('title')}</h1>
      <p className={styles.meta}>{t('subtitle')}</p>
      <RideForm timeZone={timeZone} defaultCountry={defaultCountry} packages={packages} onContinue={(form) => void priceTrip(form)} />
      {trip && !quote && !error ? <p role="status">{t('pricing')}</p> : null}
      {quote ? (
        <form
          className={styles.dialogForm}
          aria-labelledby={`${id}-vehicles`}
          onSubmit={(event) => {
            event.preventDefault();
            void book();
          }}
        >
          <h2 id={`${id}-vehicles`}>{t('vehicles')}</h2>
          <fieldset className={styles.vehicleList}>
            <legend className="visually-hidden">{t('vehicles')}</legend>
            {/* the console books a type's AC fare; non-AC options are for riders' own bookings (docs/requirements/partner.md#fares) */}
            {quote.ride_details
              .filter((detail) => detail.vehicle.ac)
              .map((detail) => (
                <label key={detail.vehicle.vehicle_type} className={styles.vehicleOption}>
                  <input
                    type="radio"
                    name={`${id}-vehicle`}
                    checked={vehicle === detail.vehicle.vehicle_type}
                    onChange={() => setVehicle(detail.vehicle.vehicle_type)}
                  />
                  <span>{tTypes(detail.vehicle.vehicle_type)}</span>
                  <strong>{formatMoney(toMinor(detail.fee.total_fee), detail.fee.currency, locale)}</strong>
                </label>
              ))}
          </fieldset>
          <label htmlFor={`${id}-name`}>{t('customerName')}</label>
          <input
            id={`${id}-name`}
            className={ui.input}
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={name && !nameOk ? true : undefined}
          />
          <PhoneField
            id={`${id}-phone`}
            value={phone}
            onChange={setPhone}
            defaultCountry={defaultCountry}
            error={phone?.number && !phoneCheck.success ? tv(phoneCheck.error.issues[0].message as 'phoneInvalid') : undefined}
          />
          <label htmlFor={`${id}-pay`}>{t('payment')}</label>
          <select id={`${id}-pay`} className={ui.input} value={payment} onChange={(e) => setPayment(e.target.value as 'cash' | 'upi')}>
            <option value="cash">{t('cash')}</option>
            <option value="upi">{t('upi')}</option>
          </select>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy || !vehicle || !nameOk || !phoneCheck.success}>
            {busy ? t('booking') : t('book')}
          </button>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      ) : null}
    </section>
  );
}
