'use client';

import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { TRIP_KINDS } from '@/lib/booking/vocabulary';
import type { RideFormData } from './booking-store';
import { airportFill, type AirportPlace } from './airport-fill';
import { placeParamMatch, placeParamOf } from './place-param';

/** The form as a first visit shows it. */
export function emptyRideForm(): RideFormData {
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

/**
 * The trip a link hands the rider's form, once hydrated (the server HTML is the empty form): a Book
 * link's places and kind at once, or a `?place=<slug or name>` pickup found in the place index
 * (docs/requirements/rider.md#booking-by-form; the front door keeps one copy of the page whatever
 * its query); an unknown place is ignored without a word. Off for the console's form (`enabled` false).
 */
export function useLinkPrefill(options: {
  enabled: boolean;
  hydrated: boolean;
  locale: string;
  airport: AirportPlace | undefined;
  setForm: Dispatch<SetStateAction<RideFormData>>;
}) {
  const { enabled, hydrated, locale, airport, setForm } = options;
  const [prefilled, setPrefilled] = useState(false);
  if (hydrated && !prefilled) {
    setPrefilled(true);
    const prefill = enabled ? prefillOf(window.location.search) : undefined;
    if (prefill) setForm((f) => airportFill({ ...f, ...prefill, rideType: prefill.tripKind === 'rental' ? 'oneway' : f.rideType }, airport));
  }
  useEffect(() => {
    if (!enabled || !hydrated) return;
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
  }, [hydrated, enabled, locale, airport, setForm]);
}
