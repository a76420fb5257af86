import { rideFormIssues, tripOf } from '@/components/booking/ride-issues';
import { emptyRideForm, prefillOf } from '@/components/booking/ride-prefill';
import type { RideFormData } from '@/components/booking/booking-store';
import type { TripLimitIssue } from '@/lib/fares/trip-limits';

/*
 * The booking form's checks (docs/requirements/rider.md#booking-by-form), split out of the form: the quote request's
 * rules as the server applies them, then the form's own (same place twice, trip limits, a typed place not picked), in
 * the order Continue lists them; and the trip a Book link hands over.
 */

const CHENNAI = { name: 'Chennai Central', lat: 13.0827, lng: 80.2707 };
const AIRPORT = { name: 'Chennai International Airport (MAA)', lat: 12.9941, lng: 80.1709 };
const NONE = { pickupLocation: '', dropoffLocation: '' };
const TZ = 'Asia/Kolkata';

/** A one-way outstation trip tomorrow at 10:00 in Chennai, complete. */
function complete(change: Partial<RideFormData> = {}): RideFormData {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return tripOf({ ...emptyRideForm(), pickupLocation: CHENNAI, dropoffLocation: AIRPORT, pickupDate: tomorrow, pickupTime: '10:00', ...change }, TZ);
}

const summary = (issues: ReturnType<typeof rideFormIssues>) =>
  Object.entries(issues).map(([key, issue]) => `${key}:${issue.kind === 'rule' ? issue.message : issue.kind === 'typed' ? issue.place : issue.limit.code}`);

describe('the booking form issues', () => {
  it('an empty form needs its pickup, drop-off and time, one issue per field in the rules order; a complete one nothing', () => {
    expect(summary(rideFormIssues(tripOf(emptyRideForm(), TZ), NONE))).toEqual([
      'pickupLocation:pickupRequired',
      'dropoffLocation:dropoffRequired',
      'pickupTime:pickupTimeRequired',
    ]);
    expect(rideFormIssues(complete(), NONE)).toEqual({});
  });

  it('a rental needs a package, never a drop-off; a return needs its time after the pickup', () => {
    expect(summary(rideFormIssues(complete({ tripKind: 'rental', dropoffLocation: null }), NONE))).toEqual(['packageDetails:packageRequired']);
    const back = complete({ rideType: 'return' });
    expect(summary(rideFormIssues(back, NONE))).toEqual(['returnTime:returnRequired']);
    expect(summary(rideFormIssues(tripOf({ ...back, returnDate: back.pickupDate, returnTime: '09:00' }, TZ), NONE))).toEqual(['returnTime:returnBeforePickup']);
  });

  it('the same place twice is refused at the drop-off, but for a rental (which has none)', () => {
    expect(summary(rideFormIssues(complete({ dropoffLocation: CHENNAI }), NONE))).toEqual(['dropoffLocation:samePlace']);
    expect(rideFormIssues(complete({ tripKind: 'rental', packageDetails: 'P4', dropoffLocation: CHENNAI }), NONE)).toEqual({});
  });

  it('a trip limit shows on its field unless a rule already failed there', () => {
    const limit: TripLimitIssue = { code: 'local_too_far', field: 'dropoffLocation', limitKm: 40, km: 300 };
    expect(summary(rideFormIssues(complete(), NONE, limit))).toEqual(['dropoffLocation:local_too_far']);
    expect(summary(rideFormIssues(complete({ dropoffLocation: CHENNAI }), NONE, limit))).toEqual(['dropoffLocation:samePlace']);
  });

  it('a typed name not picked replaces the rule in its place in the list; a rental ignores typed drop-off text', () => {
    const typed = { pickupLocation: '  Velachery ', dropoffLocation: 'Guindy' };
    expect(summary(rideFormIssues(tripOf(emptyRideForm(), TZ), typed))).toEqual([
      'pickupLocation:Velachery',
      'dropoffLocation:Guindy',
      'pickupTime:pickupTimeRequired',
    ]);
    expect(summary(rideFormIssues(complete({ tripKind: 'rental', packageDetails: 'P4', pickupLocation: null, dropoffLocation: null }), typed))).toEqual([
      'pickupLocation:Velachery',
    ]);
  });

  it("the trip's instants are the operator's local times; a return's only on a return trip", () => {
    const trip = tripOf({ ...emptyRideForm(), pickupDate: '2031-03-10', pickupTime: '13:15', returnDate: '2031-03-11', returnTime: '09:00' }, TZ);
    expect(trip.pickupAt).toBe('2031-03-10T13:15:00+05:30');
    expect(trip.returnAt).toBeNull();
    expect(tripOf({ ...trip, rideType: 'return' }, TZ).returnAt).toBe('2031-03-11T09:00:00+05:30');
  });
});

describe('a Book link hands over its trip', () => {
  it('reads places with coordinates in range and a known trip kind; nothing else', () => {
    expect(prefillOf('?from=Chennai&fromLat=13.08&fromLng=80.27&to=Vellore&toLat=12.91&toLng=79.13&kind=outstation')).toEqual({
      tripKind: 'outstation',
      pickupLocation: { name: 'Chennai', lat: 13.08, lng: 80.27 },
      dropoffLocation: { name: 'Vellore', lat: 12.91, lng: 79.13 },
    });
    expect(prefillOf('?from=Chennai&fromLat=93&fromLng=80&to=Vellore&toLat=&toLng=79&kind=boat')).toBeUndefined();
    expect(prefillOf('?to=Vellore&toLat=12.91&toLng=79.13')).toEqual({ dropoffLocation: { name: 'Vellore', lat: 12.91, lng: 79.13 } });
  });
});
