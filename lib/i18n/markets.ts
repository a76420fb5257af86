/**
 * The one market table: countries that can appear in a URL, their phone codes,
 * the languages listed for each phone code (order kept: the first is the
 * fallback), the browser-language table and the
 * alternate-language locales (docs/requirements/markets.md). Everything else about locales derives from here.
 */

/** Languages per phone-country code (docs/requirements/markets.md#countries-and-languages). "ma" is listed
 * there too but is no ISO 639-1 code, so it is left out (it cannot be served). */
export const PHONE_CODE_LANGUAGES = {
  '1': ['en'],
  '91': ['hi', 'en', 'ta', 'te', 'bn', 'ml', 'mr', 'gu', 'kn', 'or', 'pa', 'ur', 'as', 'ne', 'si'],
  '971': ['ar', 'en'],
  '44': ['en'],
  '33': ['fr'],
  '49': ['de'],
  '81': ['ja'],
  '61': ['en'],
  '86': ['zh'],
  '55': ['pt'],
  '52': ['es'],
  '7': ['ru', 'kk'],
  '20': ['ar'],
  '966': ['ar'],
  // Qatar has no row in the original phone-code list; its languages come from the
  // browser-language table (ar-QA -> qa/ar, en-QA -> qa/en).
  '974': ['ar', 'en'],
  // Turkish, Indonesian and Malay interfaces have no row in the original phone-code list:
  // their markets, with English second as in the other non-English markets of the table.
  '90': ['tr', 'en'],
  '62': ['id', 'en'],
  '60': ['ms', 'en'],
} as const satisfies Record<string, readonly string[]>;

export type PhoneCode = keyof typeof PHONE_CODE_LANGUAGES;

/** URL country code -> ISO region and phone code. The original country list
 * (in, us, uk, ae, qa, sa) first, then the other countries of the phone table. */
export const COUNTRIES = {
  in: { region: 'IN', phoneCode: '91', currency: 'INR', timeZone: 'Asia/Kolkata' },
  us: { region: 'US', phoneCode: '1', currency: 'USD', timeZone: 'America/New_York' },
  uk: { region: 'GB', phoneCode: '44', currency: 'GBP', timeZone: 'Europe/London' },
  ae: { region: 'AE', phoneCode: '971', currency: 'AED', timeZone: 'Asia/Dubai' },
  qa: { region: 'QA', phoneCode: '974', currency: 'QAR', timeZone: 'Asia/Qatar' },
  sa: { region: 'SA', phoneCode: '966', currency: 'SAR', timeZone: 'Asia/Riyadh' },
  fr: { region: 'FR', phoneCode: '33', currency: 'EUR', timeZone: 'Europe/Paris' },
  de: { region: 'DE', phoneCode: '49', currency: 'EUR', timeZone: 'Europe/Berlin' },
  jp: { region: 'JP', phoneCode: '81', currency: 'JPY', timeZone: 'Asia/Tokyo' },
  au: { region: 'AU', phoneCode: '61', currency: 'AUD', timeZone: 'Australia/Sydney' },
  cn: { region: 'CN', phoneCode: '86', currency: 'CNY', timeZone: 'Asia/Shanghai' },
  br: { region: 'BR', phoneCode: '55', currency: 'BRL', timeZone: 'America/Sao_Paulo' },
  mx: { region: 'MX', phoneCode: '52', currency: 'MXN', timeZone: 'America/Mexico_City' },
  ru: { region: 'RU', phoneCode: '7', currency: 'RUB', timeZone: 'Europe/Moscow' },
  eg: { region: 'EG', phoneCode: '20', currency: 'EGP', timeZone: 'Africa/Cairo' },
  tr: { region: 'TR', phoneCode: '90', currency: 'TRY', timeZone: 'Europe/Istanbul' },
  id: { region: 'ID', phoneCode: '62', currency: 'IDR', timeZone: 'Asia/Jakarta' },
  my: { region: 'MY', phoneCode: '60', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur' },
} as const satisfies Record<string, { region: string; phoneCode: PhoneCode; currency: string; timeZone: string }>;

export type CountryCode = keyof typeof COUNTRIES;

export const DEFAULT_COUNTRY: CountryCode = 'in';
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_PHONE_CODE: PhoneCode = '91';

/** Browser language -> /{country}/{lang} (docs/requirements/markets.md#choosing-the-locale). */
export const BROWSER_LOCALE_PATHS: Record<string, { country: CountryCode; lang: string }> = {
  'en-IN': { country: 'in', lang: 'en' },
  'ta-IN': { country: 'in', lang: 'ta' },
  'hi-IN': { country: 'in', lang: 'hi' },
  'en-US': { country: 'us', lang: 'en' },
  'en-GB': { country: 'uk', lang: 'en' },
  'ar-AE': { country: 'ae', lang: 'ar' },
  'en-AE': { country: 'ae', lang: 'en' },
  'ar-QA': { country: 'qa', lang: 'ar' },
  'en-QA': { country: 'qa', lang: 'en' },
};

/** Alternate-language locales (docs/requirements/markets.md#alternate-language-links; hreflang on the home and signup paths). */
export const ALTERNATE_LOCALES = ['en-US', 'en-GB', 'en-IN', 'hi-IN', 'ta-IN', 'ar-AE', 'en-AE', 'fr-FR', 'de-DE', 'es-ES', 'it-IT', 'ar-SA', 'en-SG'] as const;

/** Every language the interface is written in, each one a URL can carry (docs/requirements/markets.md#countries-and-languages). */
export const UI_LANGUAGES = [
  'en',
  'ta',
  'ml',
  'te',
  'kn',
  'hi',
  'ar',
  'es',
  'fr',
  'pt',
  'zh',
  'ru',
  'tr',
  'id',
  'ms',
  'bn',
  'mr',
  'gu',
  'or',
  'pa',
  'ur',
  'as',
  'ne',
  'si',
  'de',
  'ja',
  'kk',
] as const;

export const RTL_LANGUAGES: readonly string[] = ['ar', 'ur'];

export function isCountryCode(value: string): value is CountryCode {
  return Object.prototype.hasOwnProperty.call(COUNTRIES, value);
}

export function languagesForPhoneCode(phoneCode: string): readonly string[] {
  const listed = (PHONE_CODE_LANGUAGES as Record<string, readonly string[]>)[phoneCode];
  return listed ?? PHONE_CODE_LANGUAGES[DEFAULT_PHONE_CODE];
}

export function languagesForCountry(country: CountryCode): readonly string[] {
  return languagesForPhoneCode(COUNTRIES[country].phoneCode);
}

/** A language path segment is valid only when exactly 2 letters (docs/requirements/markets.md#valid-language-segments). */
export function isLanguageSegment(value: string): boolean {
  return /^[a-z]{2}$/i.test(value);
}

/** The language is used only if listed for the phone code, else the list's first (docs/requirements/markets.md#valid-language-segments). */
export function resolveLanguage(country: CountryCode, lang: string | undefined): string {
  const listed = languagesForCountry(country);
  const wanted = lang?.toLowerCase();
  return wanted && listed.includes(wanted) ? wanted : listed[0];
}

export function isRtl(lang: string): boolean {
  return RTL_LANGUAGES.includes(lang);
}

export type Market = { country: CountryCode; lang: string };

/** BCP-47 tag used as the internal locale, e.g. in/en -> en-IN, uk/en -> en-GB. */
export function toLocaleTag({ country, lang }: Market): string {
  return `${lang}-${COUNTRIES[country].region}`;
}

const TAG_TO_MARKET = new Map<string, Market>();
for (const country of Object.keys(COUNTRIES) as CountryCode[]) {
  for (const lang of languagesForCountry(country)) {
    TAG_TO_MARKET.set(toLocaleTag({ country, lang }), { country, lang });
  }
}

/** Every internal locale tag (one per country x listed language). */
export const LOCALE_TAGS: readonly string[] = [...TAG_TO_MARKET.keys()];

export const DEFAULT_LOCALE_TAG = toLocaleTag({ country: DEFAULT_COUNTRY, lang: DEFAULT_LANGUAGE });

export function fromLocaleTag(tag: string): Market | undefined {
  return TAG_TO_MARKET.get(tag);
}

/** The URL prefix of a market, e.g. "/in/en". The only place that spells it. */
export function marketPrefix({ country, lang }: Market): string {
  return `/${country}/${lang}`;
}

/** Language of a locale tag ("en-IN" -> "en"). */
export function languageOf(tag: string): string {
  return tag.split('-')[0].toLowerCase();
}

/**
 * Browser language -> market (docs/requirements/markets.md#choosing-the-locale): the table first; then a
 * tag whose region is one of our countries and whose language is listed there;
 * then a bare language in the first country listing it. Undefined if none fits.
 */
export function marketForBrowserLanguage(tag: string): Market | undefined {
  const [rawLang, rawRegion] = tag.trim().split(/[-_]/);
  if (!rawLang || !/^[a-z]{2,3}$/i.test(rawLang)) return undefined;
  const lang = rawLang.toLowerCase();
  const region = rawRegion?.toUpperCase();
  const exact = region ? BROWSER_LOCALE_PATHS[`${lang}-${region}`] : undefined;
  if (exact) return exact;
  if (region) {
    const country = (Object.keys(COUNTRIES) as CountryCode[]).find((c) => COUNTRIES[c].region === region);
    if (country && languagesForCountry(country).includes(lang)) return { country, lang };
  }
  const home = (Object.keys(COUNTRIES) as CountryCode[]).find((c) => languagesForCountry(c).includes(lang));
  return home ? { country: home, lang } : undefined;
}

/** Parses an Accept-Language header into tags by descending quality. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Cookie (a locale tag) first, then Accept-Language, then in/en. */
export function negotiateMarket(cookieTag: string | undefined, acceptLanguage: string | null | undefined): Market {
  const fromCookie = cookieTag ? fromLocaleTag(cookieTag) : undefined;
  if (fromCookie) return fromCookie;
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const market = marketForBrowserLanguage(tag);
    if (market) return market;
  }
  return { country: DEFAULT_COUNTRY, lang: DEFAULT_LANGUAGE };
}

/**
 * An operator's rider site: the operator's own market decides the country and the
 * browser only the language (an en-US browser on an Indian operator's site
 * gets /in/en, a ta-IN one /in/ta). The cookie (a choice made in the language
 * selector) still wins; a browser language the country does not list gives
 * the country's first language.
 */
export function negotiateOperatorMarket(operatorCountry: string, cookieTag: string | undefined, acceptLanguage: string | null | undefined): Market {
  const fromCookie = cookieTag ? fromLocaleTag(cookieTag) : undefined;
  if (fromCookie || !isCountryCode(operatorCountry)) return negotiateMarket(cookieTag, acceptLanguage);
  const listed = languagesForCountry(operatorCountry);
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const lang = languageOf(tag);
    if (listed.includes(lang)) return { country: operatorCountry, lang };
  }
  // no browser language listed there (or none sent): English where listed, else the country's first
  return { country: operatorCountry, lang: listed.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (listed[0] ?? DEFAULT_LANGUAGE) };
}

/** An app path under a market's prefix, e.g. ({in, en}, "/travel/home") -> "/in/en/travel/home". */
export function localizedPath(market: Market, path: string): string {
  return `${marketPrefix(market)}${path === '/' ? '' : path}`;
}
