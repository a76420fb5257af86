import { defaultRateCard } from '@/lib/fares/defaults';
import { FareError, priceRide, type FareInput } from '@/lib/fares/engine';
import { RIDE_TIME_SLOTS, slotAtOrAfter, zonedIso } from '@/lib/fares/time';
import { estimateRoute } from '@/lib/road-distance';

/*
 * Worked examples on the seeded INR sedan card (amounts in paise):
 * base 8000, per km 1400, min 4 km, outstation per km 1300, min 250 km/day,
 * driver allowance 35000/day, night +10% from 22:00 to 06:00, airport fee 15000,
 * tolls 120/km driven, rental 4h40km 120000 / 8h80km 220000 / 12h120km 310000.
 */
const sedan = defaultRateCard('sedan', 'INR');
const trip = (input: Partial<FareInput>): FareInput => ({
  tripKind: 'local',
  rideType: 'oneway',
  distanceKm: 10,
  durationMin: 30,
  pickupHour: 10,
  calendarDays: 1,
  ...input,
});

describe('fare engine (total = ride amount + driver allowance + tolls)', () => {
  it('local one-way: base + per km x ceil(km)', () => {
    // 10.2 km -> 11 km; 8000 + 1400 x 11 = 23400
    expect(priceRide('sedan', sedan, trip({ distanceKm: 10.2 }))).toMatchObject({ rideAmount: 23_400, driverBata: 0, tolls: 0, total: 23_400, billedKm: 11 });
  });

  it('local short ride at night: minimum km, then +10%', () => {
    // 3 km -> minimum 4 km; 8000 + 1400 x 4 = 13600; night 10% = 1360; 14960
    expect(priceRide('sedan', sedan, trip({ distanceKm: 3, pickupHour: 23 }))).toMatchObject({
      rideAmount: 14_960,
      total: 14_960,
      billedKm: 4,
      breakdown: { night: 1_360 },
    });
    // 05:00 is still night, 06:00 is not
    expect(priceRide('sedan', sedan, trip({ distanceKm: 3, pickupHour: 5 })).rideAmount).toBe(14_960);
    expect(priceRide('sedan', sedan, trip({ distanceKm: 3, pickupHour: 6 })).rideAmount).toBe(13_600);
  });

  it('local return doubles the distance', () => {
    // 10 km each way -> 20 km; 8000 + 1400 x 20 = 36000
    expect(priceRide('sedan', sedan, trip({ rideType: 'return' })).rideAmount).toBe(36_000);
  });

  it('airport: the local fare plus the airport fee', () => {
    // 35.4 km -> 36 km; 8000 + 1400 x 36 = 58400; + 15000 = 73400
    expect(priceRide('sedan', sedan, trip({ tripKind: 'airport', distanceKm: 35.4, pickupHour: 14 }))).toMatchObject({
      rideAmount: 73_400,
      total: 73_400,
      breakdown: { airport: 15_000 },
    });
  });

  it('outstation one-way: per km over the daily minimum, allowance per day, tolls per km', () => {
    // 450 km in 8 h -> 1 day; max(450, 250) x 1300 = 585000; bata 35000; tolls 120 x 450 = 54000; total 674000
    expect(priceRide('sedan', sedan, trip({ tripKind: 'outstation', distanceKm: 450, durationMin: 480 }))).toMatchObject({
      rideAmount: 585_000,
      driverBata: 35_000,
      tolls: 54_000,
      total: 674_000,
      days: 1,
    });
    // 130 km -> billed at the 250 km daily minimum: 325000 + 35000 + 120 x 130 = 15600 -> 375600
    expect(priceRide('sedan', sedan, trip({ tripKind: 'outstation', distanceKm: 130, durationMin: 150 })).total).toBe(375_600);
    // 900 km in 16 h -> 2 days of allowance
    expect(priceRide('sedan', sedan, trip({ tripKind: 'outstation', distanceKm: 900, durationMin: 960 }))).toMatchObject({ days: 2, driverBata: 70_000 });
  });

  it('outstation return: both ways, billed over the calendar days of the trip', () => {
    // 300 km each way = 600 km over 3 days: max(600, 750) x 1300 = 975000; bata 3 x 35000 = 105000; tolls 120 x 600 = 72000; total 1152000
    expect(priceRide('sedan', sedan, trip({ tripKind: 'outstation', rideType: 'return', distanceKm: 300, durationMin: 330, calendarDays: 3 }))).toMatchObject({
      rideAmount: 975_000,
      driverBata: 105_000,
      tolls: 72_000,
      total: 1_152_000,
      billedKm: 750,
      days: 3,
    });
  });

  it('rental: the package price', () => {
    expect(priceRide('sedan', sedan, trip({ tripKind: 'rental', packageCode: '8h80km' }))).toMatchObject({ rideAmount: 220_000, total: 220_000, billedKm: 80 });
    expect(() => priceRide('sedan', sedan, trip({ tripKind: 'rental', packageCode: '99h' }))).toThrow(FareError);
  });

  it('seeds fares in the local currency', () => {
    // AED: 20 rupees a dirham, rounded to whole units: base 8000/20 = 400 fils
    expect(defaultRateCard('sedan', 'AED')).toMatchObject({ baseFare: 400, perKm: 100 });
  });
});

describe('routing estimate without a maps key', () => {
  it('Chennai to Bengaluru: great circle x 1.3 at highway speed', () => {
    const route = estimateRoute({ lat: 13.0878, lng: 80.2785 }, { lat: 12.9719, lng: 77.5937 });
    expect(route.source).toBe('estimate');
    expect(route.distanceM / 1000).toBeGreaterThan(370);
    expect(route.distanceM / 1000).toBeLessThan(385);
    expect(route.durationS / 3600).toBeCloseTo(route.distanceM / 1000 / 55, 1);
  });
});

describe('ride time slots and zones', () => {
  it('lists the 96 quarter hours from 10:00 AM round to 9:45 AM', () => {
    expect(RIDE_TIME_SLOTS).toHaveLength(96);
    expect(new Set(RIDE_TIME_SLOTS).size).toBe(96);
    expect(RIDE_TIME_SLOTS.slice(0, 3)).toEqual(['10:00', '10:15', '10:30']);
    expect(RIDE_TIME_SLOTS[55]).toBe('23:45');
    expect(RIDE_TIME_SLOTS[56]).toBe('00:00');
    expect(RIDE_TIME_SLOTS[95]).toBe('09:45');
  });
  it('rounds an instant up to the next quarter hour in the zone (a landing plus the buffer)', () => {
    expect(slotAtOrAfter(new Date('2031-03-10T10:31:00+05:30'), 'Asia/Kolkata')).toEqual({ date: '2031-03-10', slot: '10:45' });
    expect(slotAtOrAfter(new Date('2031-03-10T10:30:00+05:30'), 'Asia/Kolkata')).toEqual({ date: '2031-03-10', slot: '10:30' });
    expect(slotAtOrAfter(new Date('2031-03-10T23:50:00+05:30'), 'Asia/Kolkata')).toEqual({ date: '2031-03-11', slot: '00:00' });
    expect(slotAtOrAfter(new Date('2031-03-10T10:00:00+05:30'), 'Asia/Kolkata')).toEqual({ date: '2031-03-10', slot: '10:00' });
    expect(slotAtOrAfter(new Date('2031-07-01T08:20:00+01:00'), 'Europe/London')).toEqual({ date: '2031-07-01', slot: '08:30' });
    // a zone 45 minutes off the hour
    expect(slotAtOrAfter(new Date('2031-03-10T09:01:00+05:45'), 'Asia/Kathmandu')).toEqual({ date: '2031-03-10', slot: '09:15' });
  });
  it('turns a local date and slot into an instant with the zone offset', () => {
    expect(zonedIso('2026-11-24', '20:00', 'Asia/Kolkata')).toBe('2026-11-24T20:00:00+05:30');
    expect(zonedIso('2026-07-01', '08:00', 'Europe/London')).toBe('2026-07-01T08:00:00+01:00');
    expect(zonedIso('2026-13-01', '08:00', 'Asia/Dubai')).toBeUndefined();
  });
});
