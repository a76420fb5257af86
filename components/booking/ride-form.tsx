'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { quoteRequestIssues } from '@/lib/fares/quote-rules';
import type { TripLimitIssue } from '@/lib/fares/trip-limits';
import type { FormLimits } from './limit-check';
import { RIDE_TIME_SLOTS, rideTimeSlots, slotAtOrAfter, zonedDate, zonedIso } from '@/lib/fares/time';
import { TRIP_KINDS, type RentalPackage } from '@/lib/booking/vocabulary';
import { numbering, plainSpaces, timeLocale } from '@/lib/i18n/format-time';
import { LazyPhoneField, loadPhoneField } from '@/components/auth/lazy-phone-field';
import { usePhoneError } from '@/components/auth/field-error';
import { useSession } from '@/components/auth/session-store';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import { quoteInputOf, useBookingStore, type RideFormData } from './booking-store';
import { PlaceInput } from './place-input';
import { FlightFields } from './flight-fields';
import { airportFill, airportCodeOf, type AirportPlace } from './airport-fill';
import { placeParamMatch, placeParamOf } from './place-param';
import styles from './booking.module.css';

const NOW = 'now';

function emptyForm(): RideFormData {
  return {
    tripKind: 'outstation',
    rideType: 'oneway',
    packageDetails: null,
    pickupLocation: null,
    dropoffLocation: null,
    pickupDate: '',
    pickupTime: '',
    returnDate: '',
    returnTime: '',
    pickupAt: null,
    returnAt: null,
    flightNumber: '',
    flightDirection: 'arrival',
    phone: null,
  };
}

const number = (value: string | null) => (value !== null && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined);

/** A trip handed over in the address (route and place pages' Book links): `from`, `fromLat`, `fromLng`, `to`, `toLat`, `toLng`, `kind`. */
export function prefillOf(search: string): Partial<RideFormData> | undefined {
  const q = new URLSearchParams(search);
  const place = (key: 'from' | 'to') => {
    const name = q.get(key)?.trim().slice(0, 200);
    const lat = number(q.get(`${key}Lat`));
    const lng = number(q.get(`${key}Lng`));
    return name && lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { name, lat, lng } : null;
  };
  const kind = q.get('kind');
  const found: Partial<RideFormData> = {};
  if (kind && (TRIP_KINDS as readonly string[]).includes(kind)) found.tripKind = kind as RideFormData['tripKind'];
  const from = place('from');
  const to = place('to');
  if (from) found.pickupLocation = from;
  if (to) found.dropoffLocation = to;
  return Object.keys(found).length ? found : undefined;
}

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
  const tf = useTranslations('RideFlow');
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const tKinds = useTranslations('TripKinds');
  const tv = useTranslations('Validation');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const { me } = useSession();
  const storedForm = useBookingStore((s) => s.form);
  const saveForm = useBookingStore((s) => s.saveForm);
  const [form, setForm] = useState<RideFormData>(() => (onContinue ? null : storedForm) ?? emptyForm());
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  /** Text typed in a place field without picking a suggestion. */
  const [typed, setTyped] = useState<{ pickupLocation: string; dropoffLocation: string }>({ pickupLocation: '', dropoffLocation: '' });
  const [prefilled, setPrefilled] = useState(false);
  if (hydrated && !prefilled) {
    // once, after hydration (the server HTML is the empty form): a trip handed over by a Book link
    setPrefilled(true);
    const prefill = onContinue ? undefined : prefillOf(window.location.search);
    if (prefill) setForm((f) => airportFill({ ...f, ...prefill, rideType: prefill.tripKind === 'rental' ? 'oneway' : f.rideType }, airport));
  }
  // a link's `?place=<slug or name>` (docs/requirements/rider.md#booking-by-form): the pickup, found in the place index once the
  // page runs (the front door keeps one copy of the page whatever its query); an unknown place is ignored without a word
  useEffect(() => {
    if (onContinue || !hydrated) return;
    const search = window.location.search;
    const param = prefillOf(search)?.pickupLocation ? undefined : placeParamOf(search);
    if (!param) return;
    let live = true;
    import('./place-search')
      .then(({ findPlaces }) => findPlaces(param, locale.split('-')[0]))
      .then(
        (found) => {
          const place = placeParamMatch(param, found);
          if (live && place) setForm((f) => airportFill({ ...f, pickupLocation: place }, airport));
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [hydrated, onContinue, locale, airport]);
  const [flightProblem, setFlightProblem] = useState<string | undefined>();
  const phoneError = usePhoneError();
  const today = hydrated ? zonedDate(timeZone) : '';

  const set = <K extends keyof RideFormData>(key: K, value: RideFormData[K]) => setForm((f) => ({ ...f, [key]: value }));
  const touch = (key: string) => setTouched((t) => ({ ...t, [key]: true }));
  // typing in a place field hides its error until the rider leaves it again
  const typing = (key: 'pickupLocation' | 'dropoffLocation', text: string) => {
    setTyped((s) => ({ ...s, [key]: text }));
    setTouched((t) => ({ ...t, [key]: false }));
  };
  // the 96 quarter hours' labels ("8:15 PM", as lib/i18n/format-time's formatTime) with one formatter per language, not one per option and render
  const slotLabels = useMemo(() => {
    const format = new Intl.DateTimeFormat(timeLocale(locale), { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC', ...numbering });
    return new Map(RIDE_TIME_SLOTS.map((slot) => [slot, plainSpaces(format.format(new Date(`2000-01-01T${slot}:00Z`)))] as const));
  }, [locale]);

  // the trip as the vehicle step will read it, and the quote call's body for it (checked here as the server will)
  const trip = useMemo(() => {
    const pickupAt = form.pickupTime === NOW ? new Date().toISOString() : zonedIso(form.pickupDate, form.pickupTime, timeZone);
    const returnAt = form.rideType === 'return' ? zonedIso(form.returnDate, form.returnTime, timeZone) : undefined;
    return { ...form, pickupAt: pickupAt ?? null, returnAt: returnAt ?? null };
  }, [form, timeZone]);
  const request = useMemo(() => quoteInputOf(trip), [trip]);

  const errors: Record<string, string> = {};
  for (const issue of quoteRequestIssues(request)) errors[issue.path] ??= tv(issue.message as 'pickupRequired');
  if (
    !errors.dropoffLocation &&
    form.pickupLocation &&
    form.dropoffLocation &&
    form.tripKind !== 'rental' &&
    form.pickupLocation.name === form.dropoffLocation.name
  ) {
    errors.dropoffLocation = tv('samePlace');
  }
  // the limit check is fetched once a pickup is picked; until it is there, Continue waits for it
  const wantsLimitCheck = Boolean(limits && form.pickupLocation);
  const [limitCheck, setLimitCheck] = useState<{ run: typeof import('./limit-check').limitIssueOf } | null>(null);
  useEffect(() => {
    if (wantsLimitCheck && !limitCheck)
      void import('./limit-check').then(
        (m) => setLimitCheck({ run: m.limitIssueOf }),
        // offline: the quote checks the same limits and says what is wrong
        () => setLimitCheck({ run: () => undefined }),
      );
  }, [wantsLimitCheck, limitCheck]);
  const limitIssue: TripLimitIssue | undefined = useMemo(() => {
    if (!limits || !limitCheck || !trip.pickupLocation || !trip.pickupAt) return undefined;
    return limitCheck.run(limits, {
      tripKind: trip.tripKind,
      pickupLocation: trip.pickupLocation,
      dropoffLocation: trip.dropoffLocation,
      pickupAt: trip.pickupAt,
    });
  }, [limits, limitCheck, trip]);
  if (limitIssue && !errors[limitIssue.field]) {
    // whole km, Latin digits (as formatKm), without pulling the money formatters into the form's first load
    const km = (value: number) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0, numberingSystem: 'latn' }).format(value);
    const values = {
      limit: km(limitIssue.limitKm),
      distance: 'km' in limitIssue ? km(limitIssue.km) : '',
      nearest: 'nearest' in limitIssue ? (limitIssue.nearest ?? '') : '',
    };
    const key = ({ outside_service_area: 'limitOutsideArea', local_too_far: 'limitLocal', trip_too_far: 'limitTooFar', now_too_far: 'limitNow' } as const)[
      limitIssue.code
    ];
    errors[limitIssue.field] = tf(key as 'limitLocal', values);
  }
  // a typed name not picked from the suggestions: say so rather than "choose a place"
  for (const key of ['pickupLocation', 'dropoffLocation'] as const) {
    if (!form[key] && typed[key].trim() && (key === 'pickupLocation' || form.tripKind !== 'rental'))
      errors[key] = tf('pickFromList', { place: typed[key].trim() });
  }
  const flightOk = form.tripKind !== 'airport' || !flightProblem;
  const phoneMessage = !me && form.phone?.number ? phoneError(form.phone, true) : undefined;
  const valid = Object.keys(errors).length === 0 && flightOk && !phoneMessage && !(wantsLimitCheck && !limitCheck);
  // a field's error shows once the rider left it or pressed Continue, never while typing; a limit at once (the rider chose what breaks it)
  const shown = (key: string) => (touched[key] || limitIssue?.field === key ? errors[key] : undefined);
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
    if (!valid) {
      setTouched({ pickupLocation: true, dropoffLocation: true, pickupTime: true, returnTime: true, packageDetails: true });
      return;
    }
    const stored = { ...trip, flightNumber: form.tripKind === 'airport' ? form.flightNumber.trim().toUpperCase() : '' };
    if (onContinue) return onContinue(stored);
    saveForm(stored);
    router.push('/ride/vehicles');
  };

  const timeSelect = (key: 'pickupTime' | 'returnTime', label: string, withNow: boolean) => {
    // past times are not offered (every slot before hydration: the server HTML cannot know the rider's "now"); a chosen
    // time that has since passed stays shown, with its error
    const offered = hydrated ? rideTimeSlots(form[key === 'pickupTime' ? 'pickupDate' : 'returnDate'], timeZone) : RIDE_TIME_SLOTS;
    const value = form[key];
    const slots = value && value !== NOW && !offered.includes(value) ? [value, ...offered] : offered;
    return (
      <div className={ui.field}>
        <label htmlFor={`${id}-${key}`}>{label}</label>
        <select
          id={`${id}-${key}`}
          className={ui.input}
          value={form[key]}
          onChange={(e) => set(key, e.target.value)}
          onBlur={() => touch(key)}
          aria-invalid={shown(key) ? true : undefined}
        >
          <option value="">{t('chooseTime')}</option>
          {withNow ? <option value={NOW}>{t('now')}</option> : null}
          {slots.map((slot) => (
            <option key={slot} value={slot}>
              {slotLabels.get(slot) ?? slot}
            </option>
          ))}
        </select>
        {shown(key) ? <p className={ui.error}>{shown(key)}</p> : null}
      </div>
    );
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
      <fieldset className={styles.segments}>
        <legend className={styles.legend}>{t('tripKindLabel')}</legend>
        {TRIP_KINDS.map((kind) => (
          <label key={kind} className={styles.segment}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={kind}
              checked={form.tripKind === kind}
              onChange={() => setForm((f) => airportFill({ ...f, tripKind: kind, rideType: kind === 'rental' ? 'oneway' : f.rideType }, airport))}
            />
            <span>{tKinds(kind)}</span>
          </label>
        ))}
      </fieldset>

      {form.tripKind !== 'rental' ? (
        <fieldset className={styles.segments}>
          <legend className={styles.legend}>{t('rideTypeLabel')}</legend>
          {(['oneway', 'return'] as const).map((type) => (
            <label key={type} className={styles.segment}>
              <input type="radio" name={`${id}-type`} value={type} checked={form.rideType === type} onChange={() => set('rideType', type)} />
              <span>{tKinds(type)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {form.tripKind === 'airport' ? (
        <FlightFields
          id={id}
          locale={locale}
          timeZone={timeZone}
          flightNumber={form.flightNumber}
          direction={form.flightDirection}
          airportCode={airportCodeOf(form.flightDirection === 'arrival' ? form.pickupLocation : form.dropoffLocation)}
          date={form.pickupTime === NOW ? today : form.pickupDate}
          required={!onContinue && form.flightDirection === 'arrival'}
          freeMinutes={freeAirportMinutes}
          onFlightNumber={(value) => set('flightNumber', value)}
          onDirection={(direction) => setForm((f) => airportFill({ ...f, flightDirection: direction }, airport))}
          onLanding={(earliest) =>
            setForm((f) => {
              const chosen = f.pickupTime === NOW ? undefined : zonedIso(f.pickupDate, f.pickupTime, timeZone);
              if (chosen && Date.parse(chosen) >= earliest.getTime()) return f;
              const { date, slot } = slotAtOrAfter(earliest, timeZone);
              return { ...f, pickupDate: date, pickupTime: slot };
            })
          }
          onProblem={setFlightProblem}
        />
      ) : null}

      <PlaceInput
        label={t('pickup')}
        value={form.pickupLocation}
        onChange={(place) => {
          set('pickupLocation', place);
          if (place) touch('pickupLocation');
        }}
        onTextChange={(text) => typing('pickupLocation', text)}
        onBlur={() => touch('pickupLocation')}
        error={shown('pickupLocation')}
        withCurrentLocation
      />
      {form.tripKind !== 'rental' ? (
        <PlaceInput
          label={t('dropoff')}
          value={form.dropoffLocation}
          onChange={(place) => {
            set('dropoffLocation', place);
            if (place) touch('dropoffLocation');
          }}
          onTextChange={(text) => typing('dropoffLocation', text)}
          onBlur={() => touch('dropoffLocation')}
          error={shown('dropoffLocation')}
        />
      ) : (
        <div className={ui.field}>
          <label htmlFor={`${id}-package`}>{t('package')}</label>
          <select
            id={`${id}-package`}
            className={ui.input}
            value={form.packageDetails ?? ''}
            onChange={(e) => set('packageDetails', e.target.value || null)}
            onBlur={() => touch('packageDetails')}
          >
            <option value="">{t('choosePackage')}</option>
            {packages.map((p) => (
              <option key={p.code} value={p.code}>
                {t('packageOption', { hours: p.hours, km: p.km })}
              </option>
            ))}
          </select>
          {shown('packageDetails') ? <p className={ui.error}>{shown('packageDetails')}</p> : null}
        </div>
      )}

      <div className={styles.pair}>
        <div className={ui.field}>
          <label htmlFor={`${id}-pdate`}>{t('pickupDate')}</label>
          <input
            id={`${id}-pdate`}
            type="date"
            className={`${ui.input} ${styles.pickupDate}`}
            min={today || undefined}
            value={form.pickupDate}
            disabled={form.pickupTime === NOW}
            onChange={(e) => set('pickupDate', e.target.value)}
            onBlur={() => touch('pickupTime')}
          />
        </div>
        {timeSelect('pickupTime', t('pickupTime'), true)}
      </div>

      {form.rideType === 'return' && form.tripKind !== 'rental' ? (
        <div className={styles.pair}>
          <div className={ui.field}>
            <label htmlFor={`${id}-rdate`}>{t('returnDate')}</label>
            <input
              id={`${id}-rdate`}
              type="date"
              className={ui.input}
              min={form.pickupDate || today || undefined}
              value={form.returnDate}
              onChange={(e) => set('returnDate', e.target.value)}
              onBlur={() => touch('returnTime')}
            />
          </div>
          {timeSelect('returnTime', t('returnTime'), false)}
        </div>
      ) : null}

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

      <button
        type="submit"
        className={`${ui.button} ${ui.primary} ${styles.full}`}
        disabled={!hydrated || !valid}
        aria-describedby={hydrated && !valid ? `${id}-missing` : undefined}
      >
        {t('continue')}
      </button>
      {/* never a silent grey button: what Continue still needs, in the form's own words */}
      {hydrated && !valid ? (
        <p id={`${id}-missing`} className={ui.hint} data-testid="continue-needs">
          {missing.length ? tf('continueNeeds', { items: missing.join(' · ') }) : tf('continueFix')}
        </p>
      ) : null}
    </form>
  );
}
