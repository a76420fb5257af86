import { decideFollow, nextCheckAt, pickupForLanding, type FollowedFlight } from '@/lib/flights/follow';

const at = (hhmm: string, day = '2031-03-10') => new Date(`${day}T${hhmm}:00+05:30`);
const flight: FollowedFlight = { bookedLanding: at('10:00'), bookedPickupTime: at('10:30'), bufferMinutes: 30, followFlight: true };

describe('the pickup follows the landing', () => {
  it('a 50-minute delay moves the pickup 50 minutes later', () => {
    expect(decideFollow(flight, at('10:30'), { state: 'enroute', landing: at('10:50') }, true)).toEqual({
      kind: 'landing',
      landing: at('10:50'),
      landed: false,
      pickupTime: at('11:20'),
    });
  });

  it('an early arrival moves it earlier; a landing counts as landed', () => {
    expect(decideFollow(flight, at('10:30'), { state: 'landed', landing: at('09:35') }, true)).toMatchObject({ landed: true, pickupTime: at('10:05') });
  });

  it('keeps the distance the rider chose from the landing', () => {
    expect(pickupForLanding({ ...flight, bookedPickupTime: at('12:00') }, at('11:00'))).toEqual(at('13:00'));
    // no landing known at booking: the landing plus the buffer
    expect(pickupForLanding({ ...flight, bookedLanding: null }, at('11:00'))).toEqual(at('11:30'));
  });

  it('a diversion or a cancellation flags the ride and moves nothing', () => {
    expect(decideFollow(flight, at('10:30'), { state: 'diverted', landing: at('11:40'), divertedTo: 'BLR' }, true)).toEqual({ kind: 'flag', flag: 'diverted' });
    expect(decideFollow(flight, at('10:30'), { state: 'cancelled' }, true)).toEqual({ kind: 'flag', flag: 'cancelled' });
  });

  it('moves nothing when the operator turned it off, the ride is under way, or the change is under a minute', () => {
    expect(decideFollow({ ...flight, followFlight: false }, at('10:30'), { state: 'enroute', landing: at('10:50') }, true)).toMatchObject({
      pickupTime: undefined,
    });
    expect(decideFollow(flight, at('10:30'), { state: 'enroute', landing: at('10:50') }, false)).toMatchObject({ pickupTime: undefined });
    expect(decideFollow(flight, at('10:30'), { state: 'enroute', landing: new Date(at('10:00').getTime() + 30_000) }, true)).toMatchObject({
      pickupTime: undefined,
    });
  });

  it('refuses a landing far from the schedule as bad data', () => {
    expect(decideFollow(flight, at('10:30'), { state: 'enroute', landing: at('10:00', '2031-03-13') }, true)).toEqual({
      kind: 'rejected',
      reason: 'implausible',
    });
    expect(decideFollow(flight, at('10:30'), { state: 'landed', landing: at('03:59') }, true)).toEqual({ kind: 'rejected', reason: 'implausible' });
  });
});

describe('the provider is asked more often as the landing nears', () => {
  const now = at('10:00', '2031-03-08');
  const gap = (landing: Date) => (nextCheckAt(landing, 'scheduled', now)!.getTime() - now.getTime()) / 60_000;
  it('every 6 hours a day or more out, every 15 minutes an hour out, every 5 minutes at the end', () => {
    expect(gap(new Date(now.getTime() + 48 * 3_600_000))).toBe(360);
    expect(gap(new Date(now.getTime() + 3_600_000))).toBe(15);
    expect(gap(new Date(now.getTime() + 10 * 60_000))).toBe(5);
  });
  it('stops once landed, cancelled or diverted, and 6 hours after a landing that never came', () => {
    expect(nextCheckAt(now, 'landed', now)).toBeUndefined();
    expect(nextCheckAt(now, 'cancelled', now)).toBeUndefined();
    expect(nextCheckAt(new Date(now.getTime() - 7 * 3_600_000), 'enroute', now)).toBeUndefined();
  });
});
