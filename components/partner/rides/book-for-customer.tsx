'use client';

import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { ltrText } from '@/lib/i18n/bidi';
import type { RentalPackage, VehicleType } from '@/lib/booking/vocabulary';
import { Link } from '@/lib/i18n/navigation';
import { RideForm } from '@/components/booking/ride-form';
import type { RideFormData } from '@/components/booking/booking-store';
import { bookForCustomer, fetchQuote, type Quote, type QuoteInput } from '@/components/booking/api';
import { failureOf } from '@/components/data/fetch-data';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import type { ConsoleArea } from '../sections';
import { CustomerChoice } from './customer-choice';
import { customerResolver, type CustomerFields, type CustomerInput } from './customer-form';
import styles from './rides.module.css';

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
  const locale = useLocale();
  const errorText = useApiErrorText();
  const id = useId();
  const [trip, setTrip] = useState<RideFormData | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [vehicle, setVehicle] = useState<VehicleType | null>(null);
  // top-level, so the customer stays filled in for another booking, as before
  const form = useForm<CustomerFields, unknown, CustomerInput>({
    resolver: customerResolver,
    mode: 'onChange',
    defaultValues: { customerName: '', customerPhone: undefined, paymentMethod: 'cash' },
  });
  const [error, setError] = useState<string>();
  const pricing = useMutation({ mutationFn: fetchQuote });
  const booking = useMutation({ mutationFn: bookForCustomer });
  const busy = booking.isPending;
  const [booked, setBooked] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [codeRefused, setCodeRefused] = useState<string>();
  const [key, setKey] = useState(() => crypto.randomUUID());

  const priceTrip = async (ride: RideFormData) => {
    setTrip(ride);
    setQuote(null);
    setVehicle(null);
    setError(undefined);
    const input = {
      rideType: ride.rideType,
      tripKind: ride.tripKind,
      packageDetails: ride.tripKind === 'rental' ? ride.packageDetails : null,
      pickupLocation: ride.pickupLocation,
      dropoffLocation: ride.tripKind === 'rental' ? null : ride.dropoffLocation,
      pickupTime: ride.pickupAt,
      returnTime: ride.rideType === 'return' ? ride.returnAt : null,
    } satisfies QuoteInput;
    await pricing.mutateAsync(input).then(setQuote, (failure: unknown) => setError(errorText(failureOf(failure))));
  };

  const book = async (customer: CustomerInput) => {
    if (!trip || !quote || !vehicle) return;
    setError(undefined);
    await booking
      .mutateAsync({
        ...customer,
        rideSearchId: quote.ride_search_id,
        rideVehicle: vehicle,
        idempotencyKey: key,
        flightNumber: trip.tripKind === 'airport' ? trip.flightNumber : undefined,
        flightDirection: trip.tripKind === 'airport' ? trip.flightDirection : undefined,
      })
      .then(
        (rides) => {
          setSentTo(`+${customer.customerPhone.dialCode} ${customer.customerPhone.number}`);
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
        <CustomerChoice quote={quote} vehicle={vehicle} onVehicle={setVehicle} form={form} busy={busy} defaultCountry={defaultCountry} onBook={book} />
      ) : null}
      {error ? (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      ) : null}
    </section>
  );
}
