import { editDistance, loadPlaceIndex, resolvePlace } from '@/lib/chat/places';
import { parseMessage, type ExpectedSlot, type ParsedMessage } from '@/lib/chat/parse';

/** Monday 23 November 2026, 10:00 in India. */
const NOW = new Date('2026-11-23T10:00:00+05:30');
const ctx = (expect?: ExpectedSlot) => ({ now: NOW, timeZone: 'Asia/Kolkata', country: 'IN', expect, resolvePlace });

beforeAll(() => loadPlaceIndex(), 30_000);

/** The parse flattened for comparison: places by name, the rest as parsed. */
const SLOT_KEYS = ['vehicleType', 'ac', 'rideType', 'tripKind', 'packageCode', 'pickupDate', 'pickupTime', 'returnDate', 'returnTime', 'flightNumber'] as const;

function view(parsed: ParsedMessage) {
  const { pickup, dropoff } = parsed.slots;
  return {
    ...Object.fromEntries(SLOT_KEYS.map((k) => [k, parsed.slots[k]])),
    pickup: pickup?.name,
    dropoff: dropoff?.name,
    bare: parsed.bare?.name,
    unknown: parsed.unknownPlaces.map((u) => `${u.field}:${u.text}`),
    airportOnly: parsed.airportOnly,
    intent: parsed.intent,
    answer: parsed.answer,
    choice: parsed.choice,
    rideId: parsed.rideId,
    correction: parsed.correction,
  };
}

type Row = [string, ExpectedSlot | undefined, Record<string, unknown>];

const PHRASINGS: Row[] = [
  // vehicle words and AC
  [
    'non-AC sedan one-way from Chennai to Bangalore at 8 PM',
    undefined,
    {
      vehicleType: 'sedan',
      ac: false,
      rideType: 'oneway',
      pickup: 'Chennai',
      dropoff: 'Bengaluru',
      pickupTime: '20:00',
      pickupDate: undefined,
      tripKind: 'outstation',
    },
  ],
  [
    'AC SUV from Pune to Mumbai tomorrow 6am',
    undefined,
    { vehicleType: 'suv', ac: true, pickup: 'Pune', dropoff: 'Mumbai', pickupDate: '2026-11-24', pickupTime: '06:00' },
  ],
  ['need an innova from Coimbatore to Ooty', undefined, { vehicleType: 'suv', pickup: 'Coimbatore', dropoff: 'Ooty' }],
  ['book a mini from Madurai to Trichy', undefined, { vehicleType: 'hatchback', pickup: 'Madurai', dropoff: 'Tiruchirappalli' }],
  [
    'prime cab from Hyderabad to Vijayawada tomorrow 7 am',
    undefined,
    { vehicleType: 'sedan', pickup: 'Hyderabad', dropoff: 'Vijayawada', pickupTime: '07:00' },
  ],
  ['an EV from Bengaluru to Mysore', undefined, { vehicleType: 'electric', pickup: 'Bengaluru', dropoff: 'Mysore' }],
  ['luxury car from Chennai to Madurai', undefined, { vehicleType: 'luxury' }],
  ['hatchback please', undefined, { vehicleType: 'hatchback', pickup: undefined }],
  ['7 seater from Chennai to Vellore', undefined, { vehicleType: 'suv', pickup: 'Chennai', dropoff: 'Vellore' }],
  ['electric car to Mumbai airport', undefined, { vehicleType: 'electric', dropoff: 'Mumbai Airport (BOM)', tripKind: 'airport' }],
  ['a car from Chennai to Pondicherry', undefined, { vehicleType: undefined, pickup: 'Chennai', dropoff: 'Puducherry' }],
  ['swift or dzire from Kochi to Madurai', undefined, { vehicleType: 'sedan', pickup: 'Cochin' }],
  ['non ac sedan', undefined, { vehicleType: 'sedan', ac: false }],
  ['with AC please', undefined, { ac: true }],
  ['sedan without ac', undefined, { vehicleType: 'sedan', ac: false }],
  // one-way and return
  ['one way from Chennai to Bangalore', undefined, { rideType: 'oneway', pickup: 'Chennai', dropoff: 'Bengaluru' }],
  ['round trip from Chennai to Vellore tomorrow 6 am', undefined, { rideType: 'return', pickupDate: '2026-11-24', pickupTime: '06:00' }],
  ['return trip Pune to Lonavala', undefined, { rideType: 'return', pickup: 'Pune', dropoff: 'Lonavla' }],
  [
    'Chennai to Vellore tomorrow 7am and back by 9 pm',
    undefined,
    { rideType: 'return', pickupDate: '2026-11-24', pickupTime: '07:00', returnTime: '21:00', returnDate: undefined },
  ],
  [
    'innova round trip chennai to pondy tomorrow 7am return on friday 5pm',
    undefined,
    {
      vehicleType: 'suv',
      rideType: 'return',
      pickup: 'Chennai',
      dropoff: 'Puducherry',
      pickupDate: '2026-11-24',
      returnDate: '2026-11-27',
      returnTime: '17:00',
    },
  ],
  ['return on friday 5pm', undefined, { rideType: 'return', returnDate: '2026-11-27', returnTime: '17:00', pickupDate: undefined }],
  ['coming back on 28 Nov at 6 pm', undefined, { rideType: 'return', returnDate: '2026-11-28', returnTime: '18:00' }],
  ['sunday 8 pm', 'return', { returnDate: '2026-11-29', returnTime: '20:00', pickupDate: undefined }],
  ['one way only', undefined, { rideType: 'oneway' }],
  // trip kinds
  ['cab to the airport from Adyar, Chennai', undefined, { pickup: 'Adyar, Chennai', airportOnly: 'dropoff', tripKind: 'airport' }],
  [
    'pick up from Bengaluru airport, flight 6E 123, drop to Mysore',
    undefined,
    { flightNumber: '6E123', pickup: 'Bengaluru Airport (BLR)', dropoff: 'Mysore', tripKind: 'airport' },
  ],
  ['my flight AI 202 lands at terminal 2 at 11 pm', undefined, { flightNumber: 'AI202', tripKind: 'airport', pickupTime: '23:00' }],
  [
    'need a cab for 8 hours in Chennai tomorrow',
    undefined,
    { tripKind: 'rental', packageCode: '8h80km', bare: 'Chennai', pickupDate: '2026-11-24', pickupTime: undefined },
  ],
  ['rent a car for 4 hrs', undefined, { tripKind: 'rental', packageCode: '4h40km' }],
  ['full day rental in Bangalore', undefined, { tripKind: 'rental', packageCode: '8h80km', bare: 'Bengaluru' }],
  ['12', 'package', { tripKind: 'rental', packageCode: '12h120km' }],
  ['local taxi in Chennai', undefined, { tripKind: 'local', bare: 'Chennai' }],
  ['Chennai to Tambaram', undefined, { tripKind: 'local', pickup: 'Chennai', dropoff: 'Tambaram' }],
  ['outstation cab from Chennai', undefined, { tripKind: 'outstation', pickup: 'Chennai' }],
  // from and to
  ['Chennai to Bangalore', undefined, { pickup: 'Chennai', dropoff: 'Bengaluru' }],
  ['to Mysore from Bangalore', undefined, { pickup: 'Bengaluru', dropoff: 'Mysore' }],
  ['pick me up at Tambaram and drop me at Chennai airport', undefined, { pickup: 'Tambaram', dropoff: 'Chennai Airport (MAA)' }],
  ['I want to go to Mumbai', undefined, { pickup: undefined, dropoff: 'Mumbai' }],
  ['going to Pune', undefined, { dropoff: 'Pune' }],
  ['from Kolkata', undefined, { pickup: 'Kolkata', dropoff: undefined }],
  ['pickup: Hyderabad, destination: Warangal', undefined, { pickup: 'Hyderabad', dropoff: 'Warangal' }],
  ['Coimbatore', 'pickup', { pickup: 'Coimbatore' }],
  ['mumbay', 'dropoff', { dropoff: 'Mumbai' }],
  ['Pune', undefined, { bare: 'Pune', pickup: undefined }],
  // places with typos
  ['Bangalor to chenai tomorrow 6am', undefined, { pickup: 'Bengaluru', dropoff: 'Chennai', pickupDate: '2026-11-24', pickupTime: '06:00' }],
  ['from Banglore to Mumbay', undefined, { pickup: 'Bengaluru', dropoff: 'Mumbai' }],
  ['hydrabad to vizag', undefined, { pickup: 'Hyderabad', dropoff: 'Visakhapatnam' }],
  ['Coimbatur to Madurai', undefined, { pickup: 'Coimbatore', dropoff: 'Madurai' }],
  ['from Kolkatta to Bhubaneshwar', undefined, { pickup: 'Kolkata', dropoff: 'Bhubaneshwar' }],
  ['Chennnai to Pondicheri', undefined, { pickup: 'Chennai', dropoff: 'Puducherry' }],
  ['to Xyzzyqville', undefined, { unknown: ['dropoff:xyzzyqville'], dropoff: undefined }],
  // dates and times
  ['tomorrow 6am', undefined, { pickupDate: '2026-11-24', pickupTime: '06:00' }],
  ['20:00', undefined, { pickupTime: '20:00', pickupDate: undefined }],
  ['8 PM', undefined, { pickupTime: '20:00' }],
  ['at 8', undefined, { pickupTime: '20:00' }],
  ['at 11', undefined, { pickupTime: '11:00' }],
  ['day after tomorrow', undefined, { pickupDate: '2026-11-25', pickupTime: undefined }],
  ['today evening', undefined, { pickupDate: '2026-11-23', pickupTime: '18:00' }],
  ['next monday', undefined, { pickupDate: '2026-11-30' }],
  ['this friday at 9:30 am', undefined, { pickupDate: '2026-11-27', pickupTime: '09:30' }],
  ['24 Nov', undefined, { pickupDate: '2026-11-24' }],
  ['24/11', undefined, { pickupDate: '2026-11-24' }],
  ['Nov 30th 7 pm', undefined, { pickupDate: '2026-11-30', pickupTime: '19:00' }],
  ['5 Jan', undefined, { pickupDate: '2027-01-05' }],
  ['tonight at 10', undefined, { pickupDate: '2026-11-23', pickupTime: '22:00' }],
  ['tomorrow morning', undefined, { pickupDate: '2026-11-24', pickupTime: '09:00' }],
  ['tomorrow at 5 in the evening', undefined, { pickupDate: '2026-11-24', pickupTime: '17:00' }],
  ['in 2 hours', undefined, { pickupDate: '2026-11-23', pickupTime: '12:00' }],
  ['now', undefined, { pickupDate: '2026-11-23', pickupTime: '10:15' }],
  ['yesterday 6pm', undefined, { pickupDate: '2026-11-22', pickupTime: '18:00' }],
  ['2026-12-01 14:30', undefined, { pickupDate: '2026-12-01', pickupTime: '14:30' }],
  ['on the 28th at noon', undefined, { pickupDate: '2026-11-28', pickupTime: '12:00' }],
  ['8', 'when', { pickupTime: '20:00' }],
  ['tomorrow 8', 'when', { pickupDate: '2026-11-24', pickupTime: '08:00' }],
  // corrections
  ['actually make it an SUV', undefined, { vehicleType: 'suv', correction: true, pickup: undefined }],
  ['no, from Pune', undefined, { pickup: 'Pune', correction: true }],
  ['change the time to 9 pm', undefined, { pickupTime: '21:00', dropoff: undefined, correction: true }],
  ['change pickup to Vellore', undefined, { pickup: 'Vellore', dropoff: undefined }],
  ['make the destination Mysore instead', undefined, { dropoff: 'Mysore', pickup: undefined }],
  ['sorry, tomorrow instead', undefined, { pickupDate: '2026-11-24', correction: true }],
  // answers, picks and intents
  ['yes', undefined, { answer: 'yes' }],
  ['yes please book it', undefined, { answer: 'yes' }],
  ['no', undefined, { answer: 'no' }],
  ['the second one', undefined, { choice: 2 }],
  ['1', undefined, { choice: 1 }],
  ['option 3', undefined, { choice: 3 }],
  ['cancel my ride', undefined, { intent: 'cancelRide' }],
  ['cancel ride #12', undefined, { intent: 'cancelRide', rideId: 12 }],
  ['what is the status of my booking', undefined, { intent: 'status' }],
  ['start over', undefined, { intent: 'restart' }],
  ['I need a cab', undefined, { intent: 'book', pickup: undefined, bare: undefined }],
];

describe('parseMessage phrasings (now: Mon 23 Nov 2026 10:00 Asia/Kolkata)', () => {
  it('has at least 60 phrasings', () => expect(PHRASINGS.length).toBeGreaterThanOrEqual(60));

  it.each(PHRASINGS)('%j (expecting %s)', (text, expect_, expected) => {
    expect(view(parseMessage(text, ctx(expect_)))).toMatchObject(expected);
  });
});

describe('bad input', () => {
  it.each([
    ['empty', ''],
    ['whitespace', '   \n\t '],
    ['script', '<script>alert("x")</script>'],
    ['10,000 characters', 'x'.repeat(10_000)],
    ['10,000 characters of place words', 'Chennai to Bangalore '.repeat(500)],
    ['control characters', '\u0000\u0007\u001b[31m'],
    ['not a string', 42 as unknown as string],
  ])('%s: answers with no slots and never throws', (_, text) => {
    const parsed = parseMessage(text, ctx());
    expect(parsed.unknownPlaces.every((u) => !u.text.includes('<'))).toBe(true);
    if (text !== 'Chennai to Bangalore '.repeat(500)) expect(parsed.slots).toEqual({});
  });
});

describe('without a place resolver', () => {
  it('reads everything but the towns, which stay unknown', () => {
    expect(view(parseMessage('sedan from Chennai to Bangalore tomorrow 6am', { now: NOW, timeZone: 'Asia/Kolkata' }))).toMatchObject({
      vehicleType: 'sedan',
      pickupDate: '2026-11-24',
      pickupTime: '06:00',
      pickup: undefined,
      unknown: ['pickup:chennai', 'dropoff:bangalore'],
    });
  });
});

describe('place resolution', () => {
  it('prefers the operator country and tolerates typos', () => {
    expect(resolvePlace('london', { country: 'IN' })?.country).toBe('GB');
    expect(resolvePlace('Banglore', { country: 'IN' })).toMatchObject({ city: 'Bengaluru', country: 'IN' });
    expect(resolvePlace('chenai', { country: 'IN' })).toMatchObject({ city: 'Chennai' });
    expect(resolvePlace('qqqxzzz', { country: 'IN' })).toBeUndefined();
  });
  it('bounds the edit distance', () => {
    expect(editDistance('mumbay', 'mumbai', 1)).toBe(1);
    expect(editDistance('banglore', 'bangalore', 2)).toBe(1);
    expect(editDistance('chennai', 'kolkata', 2)).toBe(3);
  });
});

describe('promo codes', () => {
  it.each([
    ['use code FEST550', 'FEST550'],
    ['promo os10', 'OS10'],
    ['apply coupon xmas-5', 'XMAS-5'],
    ['  please use the promo code  fest550 ', 'FEST550'],
    ['my promo code is Fest550', 'FEST550'],
  ])('reads "%s" as the code %s, not as a flight, a place or a pick', (text, code) => {
    const parsed = parseMessage(text, ctx());
    expect(parsed.promoCode).toBe(code);
    expect(view(parsed)).toMatchObject({ flightNumber: undefined, tripKind: undefined, unknown: [], bare: undefined, choice: undefined });
  });

  it('keeps the trip said with the code', () => {
    const parsed = parseMessage('sedan from Chennai to Pondicherry tomorrow 7am, apply coupon FEST550', ctx());
    expect(parsed.promoCode).toBe('FEST550');
    expect(view(parsed)).toMatchObject({ vehicleType: 'sedan', pickup: 'Chennai', dropoff: 'Puducherry', pickupTime: '07:00', unknown: [] });
  });

  it.each(['what is my start code', 'my start code is 1234', 'is there a promo code', 'code AI302', 'flight AI 302'])('reads no code in "%s"', (text) => {
    expect(parseMessage(text, ctx()).promoCode).toBeUndefined();
  });
});
