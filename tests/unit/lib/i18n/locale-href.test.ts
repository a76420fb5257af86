import { getPathname, unlocalizedPath } from '@/lib/i18n/locale-href';
import { fromLocaleTag, LOCALE_TAGS, marketPrefix } from '@/lib/i18n/markets';
import { prefixOfTag } from '@/lib/i18n/prefix';

describe('locale paths of links and the router', () => {
  it('puts app paths under the locale prefix, with their query', () => {
    expect(getPathname({ href: '/user/home', locale: 'ta-IN' })).toBe('/in/ta/user/home');
    expect(getPathname({ href: '/', locale: 'en-IN' })).toBe('/in/en');
    expect(getPathname({ href: '/user/home', locale: 'en-GB' })).toBe('/uk/en/user/home');
    expect(getPathname({ href: '/user/home?x=1', locale: 'ar-AE' })).toBe('/ae/ar/user/home?x=1');
    expect(getPathname({ href: { pathname: '/track/driver', query: { rideId: '12', token: 'a b', none: undefined } }, locale: 'en-IN' })).toBe(
      '/in/en/track/driver?rideId=12&token=a+b',
    );
  });

  it('leaves absolute URLs, protocol-relative URLs and fragments alone', () => {
    expect(getPathname({ href: 'https://wa.me/91', locale: 'en-IN' })).toBe('https://wa.me/91');
    expect(getPathname({ href: 'tel:+919876543210', locale: 'en-IN' })).toBe('tel:+919876543210');
    expect(getPathname({ href: '//cdn.example', locale: 'en-IN' })).toBe('//cdn.example');
    expect(getPathname({ href: '#main', locale: 'en-IN' })).toBe('#main');
  });

  it('takes the prefix off the current path', () => {
    expect(unlocalizedPath('/in/ta/user/home', 'ta-IN')).toBe('/user/home');
    expect(unlocalizedPath('/in/ta', 'ta-IN')).toBe('/');
    expect(unlocalizedPath('/in/tamil/x', 'ta-IN')).toBe('/in/tamil/x');
    expect(unlocalizedPath('/uk/en/travel/home', 'en-GB')).toBe('/travel/home');
  });

  it("gives the browser's prefix of every locale as the market table does", () => {
    expect(LOCALE_TAGS.length).toBeGreaterThan(20);
    for (const tag of LOCALE_TAGS) expect(prefixOfTag(tag)).toBe(marketPrefix(fromLocaleTag(tag)!));
  });
});
