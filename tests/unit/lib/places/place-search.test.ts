import { loadPlaceIndex, type PlaceIndex } from '@/lib/places/place-index';
import { nearestPlace } from '@/lib/places/place-reverse';
import { bestPositions, searchPlaceIndex, type PlaceQueryOptions } from '@/lib/places/place-search';
import { suggestionOf } from '@/lib/places/search';

let index: PlaceIndex;
beforeAll(async () => {
  index = await loadPlaceIndex();
}, 120_000);

/** A Chennai operator (demo-like) and a London operator: country and service cities. */
const CHENNAI: PlaceQueryOptions = {
  country: 'IN',
  near: [
    { lat: 13.0827, lng: 80.2707 },
    { lat: 12.9716, lng: 77.5946 },
    { lat: 19.076, lng: 72.8777 },
  ],
};
const LONDON: PlaceQueryOptions = {
  country: 'GB',
  near: [
    { lat: 51.5072, lng: -0.1276 },
    { lat: 53.4808, lng: -2.2426 },
  ],
};
const DUBAI: PlaceQueryOptions = { country: 'AE', near: [{ lat: 25.2048, lng: 55.2708 }] };

const first = (query: string, options: PlaceQueryOptions) => {
  const [top] = searchPlaceIndex(index, query, options);
  return top ? suggestionOf(top).name : undefined;
};

/** [query, operator, expected first suggestion]. */
const TABLE: [string, PlaceQueryOptions, string][] = [
  // IATA codes, any case
  ['MAA', CHENNAI, 'Chennai International Airport (MAA)'],
  ['maa', CHENNAI, 'Chennai International Airport (MAA)'],
  ['blr', CHENNAI, 'Kempegowda International Airport (BLR)'],
  ['BOM', CHENNAI, 'Chhatrapati Shivaji Maharaj International Airport (BOM)'],
  ['DEL', CHENNAI, 'Indira Gandhi International Airport (DEL)'],
  ['LHR', CHENNAI, 'London Heathrow Airport (LHR)'],
  ['lhr', LONDON, 'London Heathrow Airport (LHR)'],
  ['LGW', LONDON, 'London Gatwick Airport (LGW)'],
  ['DXB', DUBAI, 'Dubai International Airport (DXB)'],
  ['maa', LONDON, 'Chennai International Airport (MAA)'],
  // airport names and "airport" near the service city
  ['Airport', CHENNAI, 'Chennai International Airport (MAA)'],
  ['airport', CHENNAI, 'Chennai International Airport (MAA)'],
  ['airport', LONDON, 'London Heathrow Airport (LHR)'],
  ['airport', DUBAI, 'Dubai International Airport (DXB)'],
  ['Chennai airport', CHENNAI, 'Chennai International Airport (MAA)'],
  ['chennai airport', LONDON, 'Chennai International Airport (MAA)'],
  ['Chennai International', CHENNAI, 'Chennai International Airport (MAA)'],
  ['Kempegowda', CHENNAI, 'Kempegowda International Airport (BLR)'],
  ['kempegowda', LONDON, 'Kempegowda International Airport (BLR)'],
  ['Bangalore airport', CHENNAI, 'Kempegowda International Airport (BLR)'],
  ['Bengaluru airport', CHENNAI, 'Kempegowda International Airport (BLR)'],
  ['Mumbai airport', CHENNAI, 'Chhatrapati Shivaji Maharaj International Airport (BOM)'],
  ['Heathrow', CHENNAI, 'London Heathrow Airport (LHR)'],
  ['Gatwick', LONDON, 'London Gatwick Airport (LGW)'],
  ['Dubai airport', CHENNAI, 'Dubai International Airport (DXB)'],
  ['chennai airprot', CHENNAI, 'Chennai International Airport (MAA)'],
  // localities and their spellings
  ['T Nagar', CHENNAI, 'T Nagar, Chennai'],
  ['t nagar', LONDON, 'T Nagar, Chennai'],
  ['T. Nagar', CHENNAI, 'T Nagar, Chennai'],
  ['tnagar', CHENNAI, 'T Nagar, Chennai'],
  ['Thyagaraya Nagar', CHENNAI, 'T Nagar, Chennai'],
  ['Velachery', CHENNAI, 'Velachery, Chennai'],
  ['velacheri', CHENNAI, 'Velachery, Chennai'],
  ['Velacheri S.O', CHENNAI, 'Velachery, Chennai'],
  ['Mahabalipuram', CHENNAI, 'Mamallapuram'],
  ['Mamallapuram', CHENNAI, 'Mamallapuram'],
  ['Adyar', CHENNAI, 'Adyar, Chennai'],
  ['Anna Nagar', CHENNAI, 'Anna Nagar, Chennai'],
  ['Guindy', CHENNAI, 'Guindy, Chennai'],
  ['Egmore', CHENNAI, 'Egmore, Chennai'],
  ['Koramangala', CHENNAI, 'Koramangala, Bengaluru'],
  ['Whitefield', CHENNAI, 'Whitefield, Bengaluru'],
  ['Andheri', CHENNAI, 'Andheri East, Mumbai'],
  ['Velachery Chennai', CHENNAI, 'Velachery, Chennai'],
  ['Tambaram', CHENNAI, 'Tambaram'],
  // typos (one edit from five letters)
  ['chenai', CHENNAI, 'Chennai'],
  ['Chenmai', CHENNAI, 'Chennai'],
  ['velachey', CHENNAI, 'Velachery, Chennai'],
  ['Koramangla', CHENNAI, 'Koramangala, Bengaluru'],
  ['Banglore', CHENNAI, 'Bengaluru'],
  ['Londn', LONDON, 'London'],
  ['Manchestr', LONDON, 'Manchester'],
  ['Hethrow', LONDON, 'London Heathrow Airport (LHR)'],
  // prefixes while typing
  ['chen', CHENNAI, 'Chennai'],
  ['ve', CHENNAI, 'Velachery, Chennai'],
  ['lon', LONDON, 'London'],
  ['manch', LONDON, 'Manchester'],
  ['bang', CHENNAI, 'Bengaluru'],
  // cities, former names, other markets
  ['Chennai', CHENNAI, 'Chennai'],
  ['Madras', CHENNAI, 'Chennai'],
  ['Bombay', CHENNAI, 'Mumbai'],
  ['London', CHENNAI, 'London'],
  ['London', LONDON, 'London'],
  ['Dubai', CHENNAI, 'Dubai'],
  ['Sharjah', DUBAI, 'Sharjah'],
  // native scripts and transliteration (hand table)
  ['சென்னை', CHENNAI, 'Chennai'],
  ['चेन्नई', CHENNAI, 'Chennai'],
  ['চেন্নাই', CHENNAI, 'Chennai'],
  ['చెన్నై', CHENNAI, 'Chennai'],
  ['ಚೆನ್ನೈ', CHENNAI, 'Chennai'],
  ['ചെന്നൈ', CHENNAI, 'Chennai'],
  ['ಬೆಂಗಳೂರು', CHENNAI, 'Bengaluru'],
  ['मुंबई', CHENNAI, 'Mumbai'],
  ['दिल्ली', CHENNAI, 'New Delhi'],
  ['دبي', DUBAI, 'Dubai'],
  ['أبو ظبي', DUBAI, 'Abu Dhabi'],
  ['மதுரை', CHENNAI, 'Madurai'],
  ['வேளச்சேரி', CHENNAI, 'Velachery, Chennai'],
  ['தி நகர்', CHENNAI, 'T Nagar, Chennai'],
  ['சென்னை விமான நிலையம்', CHENNAI, 'Chennai International Airport (MAA)'],
  ['मुंबई हवाई अड्डा', CHENNAI, 'Chhatrapati Shivaji Maharaj International Airport (BOM)'],
  ['مطار دبي', DUBAI, 'Dubai International Airport (DXB)'],
];

describe('place search: first suggestion for a Chennai, a London and a Dubai operator', () => {
  it('has at least 60 rows', () => expect(TABLE.length).toBeGreaterThanOrEqual(60));
  it.each(TABLE)('%s -> %#', (query, options, expected) => {
    expect(first(query, options)).toBe(expected);
  });
});

describe('reverse geocoding answers the locality, not only the town', () => {
  it.each([
    [13.041, 80.234, 'T Nagar, Chennai'],
    [12.9755, 80.2206, 'Velachery, Chennai'],
    [12.9261, 77.6221, 'Koramangala, Bengaluru'],
    [19.1177, 72.8737, 'Andheri East, Mumbai'],
    [12.9823, 80.1638, 'Chennai International Airport (MAA)'],
    [51.5085, -0.1257, 'London'],
  ])('%f, %f -> %s', (lat, lng, expected) => {
    const place = nearestPlace(index, { lat, lng });
    expect(place && suggestionOf(place).name).toBe(expected);
  });
  it('finds nothing in the open ocean', () => {
    expect(nearestPlace(index, { lat: -40, lng: -120 })).toBeUndefined();
  });
});

describe('bad input answers an empty list, never throws', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['one character', 'c'],
    ['control characters', '\u0000\u0001\u0007\u001b[31m'],
    ['punctuation only', '!!!???'],
    ['emoji only', '🚕🚕🚕'],
  ])('%s', (_, query) => {
    expect(searchPlaceIndex(index, query, CHENNAI)).toEqual([]);
  });
  it.each([
    ['500 characters', 'chennai '.repeat(63)],
    ['mixed scripts', 'Chennai சென்னை चेन्नई دبي'],
    ['regex characters', '(.*)+[chen'],
    ['a lone surrogate', 'chen\ud800nai'],
  ])('%s', (_, query) => {
    expect(Array.isArray(searchPlaceIndex(index, query, CHENNAI))).toBe(true);
  });
  it('still finds a place behind control characters', () => {
    expect(first('\u0007Velachery\u0000', CHENNAI)).toBe('Velachery, Chennai');
  });
});

describe('index shape', () => {
  it('holds cities, every IATA airport and Indian localities', () => {
    expect(index.stats.byKind.city).toBeGreaterThan(130_000);
    expect(index.stats.byKind.airport).toBeGreaterThan(10_000);
    expect(index.stats.byKind.locality).toBeGreaterThan(15_000);
  });
  it('is built once and shared', async () => {
    expect(await loadPlaceIndex()).toBe(index);
  });
  it('a rider location ranks nearby places first', () => {
    const [top] = searchPlaceIndex(index, 'airport', { country: 'IN', rider: { lat: 12.97, lng: 77.59 }, near: CHENNAI.near });
    expect(top.code).toBe('BLR');
  });
  it('an airport trip prefers airports', () => {
    const [top] = searchPlaceIndex(index, 'Chennai', { ...CHENNAI, kind: 'airport' });
    expect(top.code).toBe('MAA');
  });
});

describe('the chat agent reads the same index', () => {
  it('resolves localities, codes and airports', async () => {
    const chat = await import('@/lib/chat/places');
    await chat.loadPlaceIndex();
    expect(chat.resolvePlace('T Nagar', { country: 'IN' })).toMatchObject({ name: 'T Nagar, Chennai', city: 'Chennai', lat: 13.041266 });
    expect(chat.resolvePlace('velachery', { country: 'IN' })).toMatchObject({ name: 'Velachery, Chennai' });
    expect(chat.resolvePlace('MAA', { country: 'IN' })).toMatchObject({ name: 'Chennai Airport (MAA)', airport: true, lat: 12.982267 });
    expect(chat.searchPlaces('Kempegowda', 'IN')[0]).toMatchObject({ name: 'Bengaluru Airport (BLR)' });
  });
});

describe('best first', () => {
  test('the highest scores come first and equal scores keep the order they were met in, as a stable sort gives them', () => {
    const scores = [1, 5, 3, 5, 2, 5, 3];
    const sorted = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
    expect(bestPositions(scores, 3)).toEqual(sorted.slice(0, 3));
    expect(bestPositions(scores, 5)).toEqual(sorted.slice(0, 5));
    expect(bestPositions(scores, 10)).toEqual(sorted);
    expect(bestPositions([], 4)).toEqual([]);
  });
});
