import { DEFAULT_WAITING_RULES, waitingCharge, waitingStartsAt } from '@/lib/airports/waiting';

const landed = new Date('2031-03-10T10:00:00Z');
const after = (minutes: number, seconds = 0) => new Date(landed.getTime() + minutes * 60_000 + seconds * 1000);
const charge = (minutes: number, seconds = 0) =>
  waitingCharge({ from: landed, startedAt: after(minutes, seconds), freeMinutes: 60, blockMinutes: 15, perBlock: 6000 });

describe('waiting charges at the block edges (60 free minutes, ₹60 per started 15 minutes)', () => {
  it('charges nothing within the free time, up to its last second', () => {
    expect(charge(0).blocks).toBe(0);
    expect(charge(60).blocks).toBe(0);
    expect(charge(60, 59)).toMatchObject({ waitedMinutes: 60, blocks: 0, amount: 0 });
  });

  it('charges a whole block from the first minute past the free time', () => {
    expect(charge(61)).toMatchObject({ waitedMinutes: 61, blocks: 1, amount: 6000 });
    expect(charge(75)).toMatchObject({ blocks: 1, amount: 6000 });
    expect(charge(76)).toMatchObject({ blocks: 2, amount: 12000 });
    expect(charge(80)).toMatchObject({ waitedMinutes: 80, blocks: 2, amount: 12000 });
    expect(charge(90)).toMatchObject({ blocks: 2 });
    expect(charge(91)).toMatchObject({ blocks: 3, amount: 18000 });
  });

  it('counts nothing when the trip started before the landing or the pickup time', () => {
    expect(waitingCharge({ from: landed, startedAt: after(-30), freeMinutes: 0, blockMinutes: 15, perBlock: 6000 })).toMatchObject({
      waitedMinutes: 0,
      amount: 0,
    });
  });

  it('counts from the landing when a flight is met, else from the pickup time, once the driver is at the meeting point', () => {
    const pickupTime = after(30);
    expect(waitingStartsAt({ pickupTime, landedAt: landed, driverArrivedAt: after(-20) })).toEqual(landed);
    expect(waitingStartsAt({ pickupTime, landedAt: null, driverArrivedAt: after(-20) })).toEqual(pickupTime);
    // a driver who came late counts from their arrival; one who never said so, not at all
    expect(waitingStartsAt({ pickupTime, landedAt: landed, driverArrivedAt: after(25) })).toEqual(after(25));
    expect(waitingStartsAt({ pickupTime, landedAt: landed, driverArrivedAt: null })).toBeUndefined();
  });

  it('defaults to an hour at airports and a quarter of an hour elsewhere', () => {
    expect(DEFAULT_WAITING_RULES.freeMinutes).toEqual({ local: 15, airport: 60, outstation: 15, rental: 15 });
    expect(DEFAULT_WAITING_RULES.blockMinutes).toBe(15);
  });
});
