import { placeParamMatch, placeParamOf } from '@/components/booking/place-param';
import { loadPlaceIndex, type PlaceIndex } from '@/lib/places/place-index';
import { searchPlaceIndex, type PlaceQueryOptions } from '@/lib/places/place-search';
import { suggestionOf } from '@/lib/places/search';

let index: PlaceIndex;
beforeAll(async () => {
  index = await loadPlaceIndex();
}, 120_000);

const CHENNAI: PlaceQueryOptions = { country: 'IN', near: [{ lat: 13.0827, lng: 80.2707 }] };

/** The form's lookup as the browser runs it: the parameter, the place search's answers, the match. */
function resolve(search: string) {
  const param = placeParamOf(search);
  return param ? placeParamMatch(param, searchPlaceIndex(index, param, CHENNAI).map(suggestionOf)) : undefined;
}

describe('?place= of the booking link (docs/requirements/rider.md#booking-by-form)', () => {
  it('reads a slug or a name, and nothing from an absent, empty or overlong value', () => {
    expect(placeParamOf('?place=new-delhi')).toBe('new delhi');
    expect(placeParamOf('?place=Madurai')).toBe('Madurai');
    expect(placeParamOf('?place=')).toBeUndefined();
    expect(placeParamOf('?place=---')).toBeUndefined();
    expect(placeParamOf('?kind=local')).toBeUndefined();
    expect(placeParamOf(`?place=${'a'.repeat(101)}`)).toBeUndefined();
  });

  it('resolves a city by slug or name through the place index', () => {
    expect(resolve('?place=madurai')).toMatchObject({ name: 'Madurai' });
    expect(resolve('?place=Madurai')).toMatchObject({ name: 'Madurai' });
    // the index's name carries transliteration marks ("Kodaikānāl"); the suggestion and the slug are without them
    expect(resolve('?place=kodaikanal')?.name).toBe('Kodaikanal');
    const place = resolve('?place=madurai')!;
    expect(place.lat).toBeCloseTo(9.92, 1);
    expect(place.lng).toBeCloseTo(78.12, 1);
  });

  it('resolves an airport by its code and a locality by its own name', () => {
    expect(resolve('?place=maa')?.name).toMatch(/\(MAA\)$/);
    expect(resolve('?place=t-nagar')?.name).toMatch(/^T\.? ?Nagar, Chennai$/);
  });

  it('ignores an unknown place, a loose match and markup', () => {
    expect(resolve('?place=zzqqxx-nowhere')).toBeUndefined();
    expect(resolve('?place=madur')).toBeUndefined();
    expect(resolve('?place=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).toBeUndefined();
  });

  it('matches only what the search answered, first one first', () => {
    const answers = [
      { name: 'Salem', lat: 11.6, lng: 78.1 },
      { name: 'Salem', lat: 42.5, lng: -70.9 },
    ];
    expect(placeParamMatch('salem', answers)).toEqual({ name: 'Salem', lat: 11.6, lng: 78.1 });
    expect(placeParamMatch('sale', answers)).toBeUndefined();
  });
});
