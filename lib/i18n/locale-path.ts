import { isCountryCode, isLanguageSegment, marketPrefix, resolveLanguage, toLocaleTag, type Market } from './markets';

export const MAX_PATH_LENGTH = 2048;

/**
 * What to do with an external path, given the negotiated market:
 * - `redirect` to a canonical prefixed path (unprefixed, bad language, wrong case),
 * - `route` a prefixed path: the locale tag and the rest of the path.
 * Pure, so every rule is unit-tested.
 */
export type LocaleDecision = { action: 'redirect'; location: string; permanent: boolean } | { action: 'route'; locale: string; market: Market; rest: string };

export function decideLocalePath(pathname: string, negotiated: Market, homePath: string): LocaleDecision {
  if (pathname.length > MAX_PATH_LENGTH) {
    return { action: 'redirect', location: marketPrefix(negotiated), permanent: false };
  }
  const segments = pathname.split('/').filter(Boolean);
  if (!segments.every(isDecodable)) {
    return { action: 'redirect', location: marketPrefix(negotiated), permanent: false };
  }
  if (segments.length === 0) {
    return { action: 'redirect', location: `${marketPrefix(negotiated)}${homePath}`, permanent: false };
  }
  const [first, second, ...others] = segments;
  const country = first.toLowerCase();
  if (isCountryCode(country)) {
    if (second !== undefined && isLanguageSegment(second)) {
      const lang = resolveLanguage(country, second);
      const rest = others.length ? `/${others.join('/')}` : '';
      if (lang !== second || country !== first) {
        return { action: 'redirect', location: `${marketPrefix({ country, lang })}${rest}`, permanent: true };
      }
      const market = { country, lang };
      return { action: 'route', locale: toLocaleTag(market), market, rest };
    }
    const lang = resolveLanguage(country, negotiated.lang);
    const rest = segments.slice(1).join('/');
    return { action: 'redirect', location: `${marketPrefix({ country, lang })}${rest ? `/${rest}` : ''}`, permanent: false };
  }
  // Two letters / two letters with an unknown country: keep the path, use the negotiated market.
  const dropped = /^[a-z]{2}$/i.test(first) && second !== undefined && isLanguageSegment(second) ? others : segments;
  const rest = dropped.length ? `/${dropped.join('/')}` : '';
  return { action: 'redirect', location: `${marketPrefix(negotiated)}${rest}`, permanent: false };
}

function isDecodable(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
