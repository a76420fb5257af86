import { decideLocalePath, MAX_PATH_LENGTH } from '@/lib/i18n/locale-path';

const inEn = { country: 'in' as const, lang: 'en' };
const taIn = { country: 'in' as const, lang: 'ta' };

describe('decideLocalePath', () => {
  it('sends the root to the host mode home under the negotiated locale', () => {
    expect(decideLocalePath('/', inEn, '/user/home')).toEqual({ action: 'redirect', location: '/in/en/user/home', permanent: false });
    expect(decideLocalePath('/', taIn, '/travel/home')).toEqual({ action: 'redirect', location: '/in/ta/travel/home', permanent: false });
  });
  it('routes a valid prefix with its locale tag and the rest of the path', () => {
    expect(decideLocalePath('/in/en', inEn, '/user/home')).toEqual({ action: 'route', locale: 'en-IN', market: inEn, rest: '' });
    expect(decideLocalePath('/ae/ar/user/home', inEn, '/user/home')).toMatchObject({ action: 'route', locale: 'ar-AE', rest: '/user/home' });
    expect(decideLocalePath('/uk/en/terms', inEn, '/user/home')).toMatchObject({ locale: 'en-GB' });
  });
  it("replaces a language not listed for the country with the country's first language", () => {
    expect(decideLocalePath('/us/hi', inEn, '/user/home')).toEqual({ action: 'redirect', location: '/us/en', permanent: true });
    expect(decideLocalePath('/in/xx/user/home', inEn, '/user/home')).toEqual({ action: 'redirect', location: '/in/hi/user/home', permanent: true });
  });
  it('lower-cases the prefix', () => {
    expect(decideLocalePath('/IN/EN/user/home', inEn, '/user/home')).toEqual({ action: 'redirect', location: '/in/en/user/home', permanent: true });
  });
  it('adds the language when the country comes without one', () => {
    expect(decideLocalePath('/in/user/home', taIn, '/user/home')).toEqual({ action: 'redirect', location: '/in/ta/user/home', permanent: false });
    expect(decideLocalePath('/us/user/home', taIn, '/user/home')).toEqual({ action: 'redirect', location: '/us/en/user/home', permanent: false });
  });
  it('prefixes an unprefixed path with the negotiated locale', () => {
    expect(decideLocalePath('/user/home', taIn, '/user/home')).toEqual({ action: 'redirect', location: '/in/ta/user/home', permanent: false });
  });
  it('replaces an unknown country with the negotiated locale', () => {
    expect(decideLocalePath('/zz/en/user/home', inEn, '/user/home')).toEqual({ action: 'redirect', location: '/in/en/user/home', permanent: false });
  });
  it('sends undecodable and overlong paths to the landing', () => {
    expect(decideLocalePath('/in/en/%ff%fe', inEn, '/user/home')).toEqual({ action: 'redirect', location: '/in/en', permanent: false });
    expect(decideLocalePath(`/in/en/${'a'.repeat(MAX_PATH_LENGTH)}`, inEn, '/user/home')).toEqual({ action: 'redirect', location: '/in/en', permanent: false });
  });
});
