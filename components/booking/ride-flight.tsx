'use client';

import { useLocale } from 'next-intl';
import { slotAtOrAfter, zonedIso } from '@/lib/fares/time';
import type { RideFormData } from './booking-store';
import { airportCodeOf, airportFill, type AirportPlace } from './airport-fill';
import { FlightFields } from './flight-fields';
import { NOW } from './ride-issues';

/** The pickup moved to the earliest after a checked landing, unless the one chosen is already as late. */
export function pickupAfterLanding(form: RideFormData, earliest: Date, timeZone: string): RideFormData {
  const chosen = form.pickupTime === NOW ? undefined : zonedIso(form.pickupDate, form.pickupTime, timeZone);
  if (chosen && Date.parse(chosen) >= earliest.getTime()) return form;
  const { date, slot } = slotAtOrAfter(earliest, timeZone);
  return { ...form, pickupDate: date, pickupTime: slot };
}

/** An airport trip's flight: its direction fills the airport in, a checked arrival moves the pickup after landing. */
export function RideFlight({
  id,
  form,
  timeZone,
  today,
  flightRequired,
  freeMinutes,
  airport,
  update,
  onProblem,
}: {
  id: string;
  form: RideFormData;
  timeZone: string;
  today: string;
  /** A rider's arrival names its flight (the console's booking need not). */
  flightRequired: boolean;
  freeMinutes: number | undefined;
  airport: AirportPlace | undefined;
  /** Changes the form (the airport fill and the pickup follow the flight). */
  update: (change: (form: RideFormData) => RideFormData) => void;
  onProblem: (message: string | undefined) => void;
}) {
  const locale = useLocale();
  return (
    <FlightFields
      id={id}
      locale={locale}
      timeZone={timeZone}
      flightNumber={form.flightNumber}
      direction={form.flightDirection}
      airportCode={airportCodeOf(form.flightDirection === 'arrival' ? form.pickupLocation : form.dropoffLocation)}
      date={form.pickupTime === NOW ? today : form.pickupDate}
      required={flightRequired && form.flightDirection === 'arrival'}
      freeMinutes={freeMinutes}
      onFlightNumber={(value) => update((f) => ({ ...f, flightNumber: value }))}
      onDirection={(direction) => update((f) => airportFill({ ...f, flightDirection: direction }, airport))}
      onLanding={(earliest) => update((f) => pickupAfterLanding(f, earliest, timeZone))}
      onProblem={onProblem}
    />
  );
}
