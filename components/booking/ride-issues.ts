import { quoteRequestIssues } from '@/lib/fares/quote-rules';
import { zonedIso } from '@/lib/fares/time';
import type { TripLimitIssue } from '@/lib/fares/trip-limits';
import { quoteInputOf, type RideFormData } from './booking-store';

/** The pickup time option for a ride at once. */
export const NOW = 'now';

/** Text typed in a place field without picking a suggestion. */
export type TypedPlaces = { pickupLocation: string; dropoffLocation: string };

/** What a field still needs: a Validation message key, a trip limit, or a typed place not picked. */
export type RideIssue = { kind: 'rule'; message: string } | { kind: 'limit'; limit: TripLimitIssue } | { kind: 'typed'; place: string };

/** The trip as the vehicle step reads it: the form with its instants (a "now" pickup at this moment). */
export function tripOf(form: RideFormData, timeZone: string): RideFormData {
  const pickupAt = form.pickupTime === NOW ? new Date().toISOString() : zonedIso(form.pickupDate, form.pickupTime, timeZone);
  const returnAt = form.rideType === 'return' ? zonedIso(form.returnDate, form.returnTime, timeZone) : undefined;
  return { ...form, pickupAt: pickupAt ?? null, returnAt: returnAt ?? null };
}

/**
 * The booking form's issues per field, in the order Continue lists them: the quote request's
 * rules as the server checks them (lib/fares/quote-rules), the same place twice, the operator's
 * trip limit where no rule failed, and a typed name not picked (which replaces the rule's words).
 */
export function rideFormIssues(trip: RideFormData, typed: TypedPlaces, limit?: TripLimitIssue): Record<string, RideIssue> {
  const issues: Record<string, RideIssue> = {};
  for (const issue of quoteRequestIssues(quoteInputOf(trip))) issues[issue.path] ??= { kind: 'rule', message: issue.message };
  const { pickupLocation, dropoffLocation } = trip;
  if (!issues.dropoffLocation && pickupLocation && dropoffLocation && trip.tripKind !== 'rental' && pickupLocation.name === dropoffLocation.name)
    issues.dropoffLocation = { kind: 'rule', message: 'samePlace' };
  if (limit && !issues[limit.field]) issues[limit.field] = { kind: 'limit', limit };
  for (const key of ['pickupLocation', 'dropoffLocation'] as const) {
    const place = typed[key].trim();
    if (!trip[key] && place && (key === 'pickupLocation' || trip.tripKind !== 'rental')) issues[key] = { kind: 'typed', place };
  }
  return issues;
}
