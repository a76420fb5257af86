import { createHash } from 'node:crypto';
import { airportOf, resolvePlace, searchPlaces } from '@/lib/chat/places';
import { cityById, nearestCity, searchCities } from '@/lib/places/gazetteer';
import type { PlaceIndex } from '@/lib/places/place-index';
import { nearestPlace } from '@/lib/places/place-reverse';
import { searchPlaceIndex, type PlaceQueryOptions } from '@/lib/places/place-search';
import { DEMO_CITIES } from '@/lib/tenancy/demo';

/**
 * A fixed set of place look-ups and the hash of their answers, per kind: 4,000 queries searched with five
 * option sets (20,000 searches), reverse geocodes, the chat's resolver and the settings' city search. The
 * queries come from the index through its stable accessors (name, code, entry), so the set is the same for
 * any layout of the index; a change of any answer changes a hash.
 */
const QUERY_COUNT = 4000;
const POINT_COUNT = 3000;

const DEMO = DEMO_CITIES.map(({ lat, lng }) => ({ lat, lng }));
const OPTION_SETS: Record<string, PlaceQueryOptions> = {
  none: {},
  demo: { country: 'IN', near: DEMO },
  airports: { country: 'IN', near: DEMO, kind: 'airport' },
  dubaiRider: { country: 'AE', near: [{ lat: 25.2048, lng: 55.2708 }], rider: { lat: 25.25, lng: 55.36 } },
  chennaiRider: { country: 'IN', near: DEMO, rider: { lat: 13.04, lng: 80.23 }, limit: 12 },
};

const FIXED_QUERIES = [
  'MAA',
  'maa',
  'blr',
  'BOM',
  'DEL',
  'LHR',
  'DXB',
  'airport',
  'Airport',
  'Chennai airport',
  'chennai international',
  'Kempegowda',
  'T Nagar',
  't. nagar',
  'velachery',
  'Velacheri S.O',
  'thygarayanagar h.o',
  'chenai',
  'chennnai',
  'Koramangla',
  'koramangala',
  'Mahabalipuram',
  'mamallapuram',
  'madras',
  'bombay',
  'bangalore',
  'trichy',
  'pondy',
  'சென்னை',
  'சென்னை விமான நிலையம்',
  'चेन्नई',
  'मुंबई',
  'दिल्ली हवाई अड्डा',
  'কলকাতা',
  'హైదరాబాద్',
  'ಬೆಂಗಳೂರು',
  'കൊച്ചി',
  'دبي',
  'مطار دبي',
  'ch',
  've',
  'lon',
  'new york',
  'nyc',
  'heathrow',
  'London Heathrow',
  'São Paulo',
  'sao paulo',
  'zürich',
  'Lonavala',
  'lonavla',
  'Andheri',
  'adyar, chennai',
  'anna nagar',
  'guindy',
  'egmore',
  'T2',
  'a',
  'xx',
  'qqqxzzz',
  '\u0007Velachery\u0000',
];

/** A typo: two letters in the middle swapped, or one dropped. */
function typo(name: string, i: number): string {
  if (name.length < 5) return name;
  const at = 1 + (i % (name.length - 2));
  return i % 2 ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2) : name.slice(0, at) + name.slice(at + 1);
}

/** The 4,000 queries: fixed ones, then names, prefixes, typos, codes and two-word names of places spread over the index. */
export function digestQueries(index: PlaceIndex): string[] {
  const queries = [...FIXED_QUERIES];
  for (let i = 0; queries.length < QUERY_COUNT; i++) {
    const id = (i * 7919 + 13) % index.size;
    const name = index.name(id);
    const variant = i % 10;
    if (variant === 0) queries.push(name);
    else if (variant <= 4) queries.push(name.slice(0, [2, 3, 4, 6][variant - 1]));
    else if (variant === 5) queries.push(typo(name, i));
    else if (variant === 6) queries.push(name.toLowerCase());
    else if (variant === 7) queries.push(index.kindOf(id) === 'airport' ? index.code(id)! : `${name} airport`);
    else if (variant === 8) queries.push(`${name} ${index.entry(id).parent ?? ''}`.trim());
    else queries.push(name.split(/\s+/)[0]);
  }
  return queries;
}

/** Points on land and sea: India densely, the world coarsely, and next to places of the index. */
function digestPoints(index: PlaceIndex): { lat: number; lng: number }[] {
  const points: { lat: number; lng: number }[] = [];
  for (let i = 0; i < POINT_COUNT; i++) {
    if (i % 3 === 0) points.push({ lat: 8 + ((i * 37) % 2400) / 100, lng: 68 + ((i * 53) % 2200) / 100 });
    else if (i % 3 === 1) points.push({ lat: -55 + ((i * 71) % 12500) / 100, lng: -180 + ((i * 97) % 36000) / 100 });
    else {
      const id = (i * 104_729) % index.size;
      points.push({ lat: index.lat[id] + ((i % 7) - 3) / 500, lng: index.lng[id] + ((i % 5) - 2) / 500 });
    }
  }
  return points;
}

/** JSON with object keys sorted, so an answer's hash does not depend on the order its fields were set in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Every look-up and its answer as one line per query, by kind. */
export function digestLines(index: PlaceIndex): Record<string, string[]> {
  const queries = digestQueries(index);
  const points = digestPoints(index);
  const lines: Record<string, string[]> = {};
  for (const [name, options] of Object.entries(OPTION_SETS)) {
    lines[`search:${name}`] = queries.map((q) => `${canonical(q)} ${canonical(searchPlaceIndex(index, q, options))}`);
  }
  lines.reverse = points.map((p) => `${canonical(p)} ${canonical(nearestPlace(index, p) ?? null)}`);
  const resolve = { country: 'IN', near: DEMO };
  lines.chat = queries.map((q) => {
    const slot = resolvePlace(q, resolve);
    return `${canonical(q)} ${canonical(slot ?? null)} ${canonical(slot ? airportOf(slot) : null)} ${canonical(searchPlaces(q, 'IN'))}`;
  });
  lines.gazetteer = [
    ...queries.map((q) => `${canonical(q)} ${canonical(searchCities(q, { country: 'IN' }))} ${canonical(searchCities(q))}`),
    ...points.slice(0, 600).map((p) => `${canonical(p)} ${canonical(nearestCity(p) ?? null)}`),
    ...[1264527, 1277333, 2643743, 292223, 5128581, 1, 99].map((id) => `${id} ${canonical(cityById(id) ?? null)}`),
  ];
  return lines;
}

export function digestOf(lines: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(lines).map(([kind, list]) => [kind, createHash('sha256').update(list.join('\n')).digest('hex')]));
}
