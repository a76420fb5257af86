'use client';

import { useId, useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { zonedDate } from '@/lib/fares/time';
import type { RentalPackage } from '@/lib/booking/vocabulary';
import { LazyPhoneField, loadPhoneField } from '@/components/auth/lazy-phone-field';
import { usePhoneError } from '@/components/auth/field-error';
import { useSession } from '@/components/auth/session-store';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import { useBookingStore, type RideFormData } from './booking-store';
import type { FormLimits } from './limit-check';
import { airportFill, type AirportPlace } from './airport-fill';
import { emptyRideForm, useLinkPrefill } from './ride-prefill';
import { rideFormIssues, tripOf, type TypedPlaces } from './ride-issues';
import { useRideIssueText } from './ride-issue-text';
import { useLimitIssue } from './use-limit-issue';
import { TripKindSwitch } from './trip-kind-switch';
import { RidePlaces } from './ride-places';
import { RideTimes } from './ride-times';
import { RideContinue } from './ride-continue';
import { LazyRideFlight, useRideFlightLoaded } from './lazy-ride-flight';
import styles from './booking.module.css';

/** The fields an invalid Continue shows the errors of. */
const SUBMIT_TOUCHED = { pickupLocation: true, dropoffLocation: true, pickupTime: true, returnTime: true, packageDetails: true };

/** The booking form ('Book Taxi'): trip kind, ride type, places, times; Continue stays disabled until valid, and says what is missing. */
export function RideForm({
  timeZone,
  defaultCountry,
  packages,
  limits,
  airport,
  freeAirportMinutes,
  onContinue,
  titleLevel = 2,
}: {
  timeZone: string;
  defaultCountry: string;
  packages: Omit<RentalPackage, 'price'>[];
  /** The operator's main airport, filled in as the pickup of an arrival or the drop of a departure. */
  airport?: AirportPlace;
  /** Free waiting at airports (minutes), told to riders before they book. */
  freeAirportMinutes?: number;
  /** The operator's trip limits: a trip past them is explained here instead of refused after Continue. */
  limits?: FormLimits;
  /** 1 where the form is the page's subject (the form booking page), 2 under another heading. */
  titleLevel?: 1 | 2;
  /** The console's booking for a customer takes the trip here instead of the rider's vehicle step. */
  onContinue?: (form: RideFormData) => void;
}) {
  const t = useTranslations('Booking');
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const { me } = useSession();
  const storedForm = useBookingStore((s) => s.form);
  const saveForm = useBookingStore((s) => s.saveForm);
  const [form, setForm] = useState<RideFormData>(() => (onContinue ? null : storedForm) ?? emptyRideForm());
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [typed, setTyped] = useState<TypedPlaces>({ pickupLocation: '', dropoffLocation: '' });
  const [flightProblem, setFlightProblem] = useState<string | undefined>();
  useLinkPrefill({ enabled: !onContinue, hydrated, locale, airport, setForm });
  const phoneError = usePhoneError();
  const issueText = useRideIssueText();
  const today = hydrated ? zonedDate(timeZone) : '';

  const set = <K extends keyof RideFormData>(key: K, value: RideFormData[K]) => setForm((f) => ({ ...f, [key]: value }));
  const touch = (key: string) => setTouched((t) => ({ ...t, [key]: true }));

  // the trip as the vehicle step will read it, checked here as the quote call will check it
  const trip = useMemo(() => tripOf(form, timeZone), [form, timeZone]);
  const { limit, pending } = useLimitIssue(limits, trip);
  const errors = Object.fromEntries(Object.entries(rideFormIssues(trip, typed, limit)).map(([key, issue]) => [key, issueText(issue)]));
  // an airport trip's flight is checked by its fields: Continue waits for them to arrive
  const flightLoaded = useRideFlightLoaded();
  const flightOk = form.tripKind !== 'airport' || (flightLoaded && !flightProblem);
  const phoneMessage = !me && form.phone?.number ? phoneError(form.phone, true) : undefined;
  const valid = Object.keys(errors).length === 0 && flightOk && !phoneMessage && !pending;
  // a field's error shows once the rider left it or pressed Continue, never while typing; a limit at once (the rider chose what breaks it)
  const shown = (key: string) => (touched[key] || limit?.field === key ? errors[key] : undefined);
  // what Continue needs that no field shows yet (shown ones are beside their fields)
  const missing = [
    ...new Set(
      Object.entries(errors)
        .filter(([key]) => !shown(key))
        .map(([, text]) => text),
    ),
  ];
  if (!flightOk && flightProblem) missing.push(flightProblem);
  if (phoneMessage && !touched.phone) missing.push(phoneMessage);
  // in the server HTML too (space kept for the field), until a session shows the rider is signed in
  const askPhone = !me && !onContinue;

  const submit = () => {
    if (!valid) return setTouched(SUBMIT_TOUCHED);
    const stored = { ...trip, flightNumber: form.tripKind === 'airport' ? form.flightNumber.trim().toUpperCase() : '' };
    if (onContinue) return onContinue(stored);
    saveForm(stored);
    router.push('/ride/vehicles');
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={`${id}-title`}
      // the phone input is fetched once the rider starts on the form (it is last, so it is there in time)
      onFocus={askPhone ? () => void loadPhoneField().catch(() => {}) : undefined}
      onPointerDown={askPhone ? () => void loadPhoneField().catch(() => {}) : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Title id={`${id}-title`} className={styles.formTitle}>
        {t('title')}
      </Title>
      <TripKindSwitch
        id={id}
        tripKind={form.tripKind}
        rideType={form.rideType}
        onTripKind={(kind) => setForm((f) => airportFill({ ...f, tripKind: kind, rideType: kind === 'rental' ? 'oneway' : f.rideType }, airport))}
        onRideType={(type) => set('rideType', type)}
      />
      {form.tripKind === 'airport' ? (
        <LazyRideFlight
          id={id}
          form={form}
          timeZone={timeZone}
          today={today}
          flightRequired={!onContinue}
          freeMinutes={freeAirportMinutes}
          airport={airport}
          update={setForm}
          onProblem={setFlightProblem}
        />
      ) : null}
      <RidePlaces
        id={id}
        form={form}
        packages={packages}
        shown={shown}
        onPlace={(key, place) => {
          set(key, place);
          if (place) touch(key);
        }}
        // typing in a place field hides its error until the rider leaves it again
        onTyping={(key, text) => {
          setTyped((s) => ({ ...s, [key]: text }));
          setTouched((t) => ({ ...t, [key]: false }));
        }}
        onPackage={(code) => set('packageDetails', code)}
        onLeave={touch}
      />
      <RideTimes id={id} form={form} timeZone={timeZone} hydrated={hydrated} today={today} shown={shown} onChange={set} onLeave={touch} />
      {askPhone ? (
        <div className={ui.field}>
          <LazyPhoneField
            id={`${id}-phone`}
            value={form.phone ?? undefined}
            onChange={(v) => set('phone', v?.number ? { dialCode: v.dialCode ?? '', number: v.number } : null)}
            onBlur={() => touch('phone')}
            error={touched.phone ? phoneMessage : undefined}
            defaultCountry={defaultCountry}
          />
          <p className={ui.hint}>{t('phoneHint')}</p>
        </div>
      ) : null}
      <RideContinue id={id} hydrated={hydrated} valid={valid} missing={missing} />
    </form>
  );
}
