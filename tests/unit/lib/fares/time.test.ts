import { RIDE_TIME_SLOTS, rideTimeSlots } from '@/lib/fares/time';

/*
 * The pickup times the booking form offers (docs/requirements/rider.md#booking-by-form): every 15 minutes;
 * today from the first quarter hour at or after now in the operator's zone, a later day in the original order.
 */

const KOLKATA = 'Asia/Kolkata';
/** 13:07 on 10 March 2031 in Chennai. */
const AT_13_07 = new Date('2031-03-10T13:07:00+05:30');

describe('pickup times offered by the booking form', () => {
  it('today at 13:07 in Kolkata: from 13:15 to 11:45 PM in clock order, nothing past', () => {
    const today = rideTimeSlots('2031-03-10', KOLKATA, AT_13_07);
    expect(today[0]).toBe('13:15');
    expect(today.at(-1)).toBe('23:45');
    expect(today).toHaveLength(43);
    expect([...today].sort()).toEqual(today);
    expect(today).not.toContain('13:00');
    expect(today).not.toContain('10:00');
  });

  it('today on a quarter hour offers that quarter hour; a second past it, the next', () => {
    expect(rideTimeSlots('2031-03-10', KOLKATA, new Date('2031-03-10T13:15:00+05:30'))[0]).toBe('13:15');
    expect(rideTimeSlots('2031-03-10', KOLKATA, new Date('2031-03-10T13:15:01+05:30'))[0]).toBe('13:30');
  });

  it("reads today and now in the operator's zone, not the machine's or UTC", () => {
    // 13:07 in Kolkata is 07:37 UTC and 11:37 in Dubai, still the same date in all three
    expect(rideTimeSlots('2031-03-10', 'Asia/Dubai', AT_13_07)[0]).toBe('11:45');
    // 00:20 on 11 March in Kolkata is still 10 March in UTC: the 10th is past, the 11th is today
    const justAfterMidnight = new Date('2031-03-11T00:20:00+05:30');
    expect(rideTimeSlots('2031-03-10', KOLKATA, justAfterMidnight)).toEqual([]);
    expect(rideTimeSlots('2031-03-11', KOLKATA, justAfterMidnight)[0]).toBe('00:30');
  });

  it('late tonight after the last quarter hour: nothing left today (Now stays in the form)', () => {
    expect(rideTimeSlots('2031-03-10', KOLKATA, new Date('2031-03-10T23:50:00+05:30'))).toEqual([]);
  });

  it('a later day, or no date yet: all 96 quarter hours from 10:00 AM round to 9:45 AM', () => {
    for (const date of ['2031-03-11', '2031-09-01', '']) {
      const slots = rideTimeSlots(date, KOLKATA, AT_13_07);
      expect(slots).toEqual(RIDE_TIME_SLOTS);
      expect(slots.slice(0, 2)).toEqual(['10:00', '10:15']);
      expect(slots.at(-1)).toBe('09:45');
      expect(slots).toContain('13:00');
    }
  });

  it('a past day offers nothing', () => {
    expect(rideTimeSlots('2031-03-09', KOLKATA, AT_13_07)).toEqual([]);
  });
});
