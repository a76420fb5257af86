import { foldName, loadGazetteer, nearestCity, searchCities } from '@/lib/places/gazetteer';
import { normalisePlaceName } from '@/lib/places/normalise';

beforeAll(() => loadGazetteer(), 30_000);

describe('city search over the GeoNames gazetteer', () => {
  it('ranks by prefix, country and population', () => {
    expect(searchCities('chen', { country: 'IN' })[0]).toMatchObject({ name: 'Chennai', country: 'IN' });
    expect(searchCities('london')[0]).toMatchObject({ name: 'London', country: 'GB' });
    expect(searchCities('london', { country: 'CA' })[0]).toMatchObject({ name: 'London', country: 'CA' });
  });
  it('tolerates case and accents', () => {
    expect(searchCities('SAO PAULO')[0]).toMatchObject({ name: 'São Paulo' });
    expect(searchCities('zürich')[0].name).toBe('Zürich');
  });
  it('knows former names', () => {
    expect(searchCities('Bangalore')[0]).toMatchObject({ name: 'Bengaluru', country: 'IN' });
    expect(searchCities('pondicherry')[0]).toMatchObject({ name: 'Puducherry' });
  });
  it('returns nothing for blank or unknown input', () => {
    expect(searchCities('   ')).toEqual([]);
    expect(searchCities('qqqxzzz')).toEqual([]);
  });
  it('finds the nearest city to a point', () => {
    expect(nearestCity({ lat: 13.0878, lng: 80.2785 })?.name).toBe('Chennai');
    expect(nearestCity({ lat: 25.2, lng: 55.3 })?.country).toBe('AE');
  });
  it('folds names for matching', () => {
    expect(foldName('São Paulo')).toBe('saopaulo');
  });
});

describe('place name normalisation (docs/requirements/crawler.md#place-names-in-urls)', () => {
  it.each([
    ['Chennai', 'chennai'],
    ['New  Delhi!!', 'new-delhi'],
    ['Navi Mumbai (Vashi)', 'navi-mumbai-vashi'],
    ['São Paulo', 'são-paulo'],
    ['--Abu__Dhabi--', 'abu-dhabi'],
  ])('%s -> %s', (input, output) => {
    expect(normalisePlaceName(input)).toBe(output);
  });
});
