import type { RideFormData } from './booking-store';

/** The operator's main airport as the place search names it ("Chennai International Airport (MAA)"). */
export type AirportPlace = { code: string; name: string; lat: number; lng: number };

type Place = RideFormData['pickupLocation'];

/** The IATA code of a picked airport place ("... (MAA)"), undefined for other places. */
export function airportCodeOf(place: Place): string | undefined {
  return place ? /\(([A-Z]{3})\)\s*$/.exec(place.name)?.[1] : undefined;
}

/**
 * An airport trip's places for its direction: an arrival starts at the
 * airport, a departure ends there. An airport on the other side swaps over;
 * an empty side gets the operator's main airport; a place the rider chose
 * stays.
 */
export function airportFill(form: RideFormData, airport: AirportPlace | undefined): RideFormData {
  if (form.tripKind !== 'airport') return form;
  const arrival = form.flightDirection === 'arrival';
  const here = arrival ? form.pickupLocation : form.dropoffLocation;
  const there = arrival ? form.dropoffLocation : form.pickupLocation;
  if (airportCodeOf(here)) return form;
  if (airportCodeOf(there))
    return arrival ? { ...form, pickupLocation: there, dropoffLocation: here } : { ...form, pickupLocation: here, dropoffLocation: there };
  if (here || !airport) return form;
  const place = { name: airport.name, lat: airport.lat, lng: airport.lng };
  return arrival ? { ...form, pickupLocation: place } : { ...form, dropoffLocation: place };
}
