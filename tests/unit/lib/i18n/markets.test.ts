import {
  ALTERNATE_LOCALES,
  BROWSER_LOCALE_PATHS,
  COUNTRIES,
  DEFAULT_LOCALE_TAG,
  fromLocaleTag,
  isLanguageSegment,
  isRtl,
  LOCALE_TAGS,
  languagesForPhoneCode,
  marketForBrowserLanguage,
  marketPrefix,
  negotiateMarket,
  parseAcceptLanguage,
  PHONE_CODE_LANGUAGES,
  resolveLanguage,
  toLocaleTag,
  UI_LANGUAGES,
} from '@/lib/i18n/markets';

describe('phone-code languages (docs/requirements/markets.md#countries-and-languages)', () => {
  it.each([
    ['1', ['en']],
    ['91', ['hi', 'en', 'ta', 'te', 'bn', 'ml', 'mr', 'gu', 'kn', 'or', 'pa', 'ur', 'as', 'ne', 'si']],
    ['971', ['ar', 'en']],
    ['44', ['en']],
    ['33', ['fr']],
    ['49', ['de']],
    ['81', ['ja']],
    ['61', ['en']],
    ['86', ['zh']],
    ['55', ['pt']],
    ['52', ['es']],
    ['7', ['ru', 'kk']],
    ['20', ['ar']],
    ['966', ['ar']],
  ])('+%s lists %j', (code, langs) => {
    expect(languagesForPhoneCode(code)).toEqual(langs);
  });

  it('falls back to +91 for an unknown phone code (default phone code 91)', () => {
    expect(languagesForPhoneCode('999')).toEqual(PHONE_CODE_LANGUAGES['91']);
  });
});

describe('language validity (docs/requirements/markets.md#valid-language-segments)', () => {
  it('keeps a language listed for the country', () => {
    expect(resolveLanguage('in', 'ta')).toBe('ta');
    expect(resolveLanguage('ae', 'ar')).toBe('ar');
  });
  it("falls back to the country's first language", () => {
    expect(resolveLanguage('us', 'hi')).toBe('en');
    expect(resolveLanguage('in', 'fr')).toBe('hi');
    expect(resolveLanguage('ae', 'ta')).toBe('ar');
    expect(resolveLanguage('sa', undefined)).toBe('ar');
  });
  it('ignores case', () => {
    expect(resolveLanguage('in', 'TA')).toBe('ta');
  });
  it('accepts only exactly two letters as a language segment', () => {
    expect(isLanguageSegment('en')).toBe(true);
    expect(isLanguageSegment('eng')).toBe(false);
    expect(isLanguageSegment('e')).toBe(false);
    expect(isLanguageSegment('e1')).toBe(false);
  });
});

describe('browser language -> locale path (docs/requirements/markets.md#choosing-the-locale)', () => {
  it.each(Object.entries(BROWSER_LOCALE_PATHS))('%s -> %j', (tag, market) => {
    expect(marketForBrowserLanguage(tag)).toEqual(market);
  });
  it.each([
    ['en-in', { country: 'in', lang: 'en' }],
    ['ml-IN', { country: 'in', lang: 'ml' }],
    ['fr-FR', { country: 'fr', lang: 'fr' }],
    ['ar', { country: 'ae', lang: 'ar' }],
    ['ta', { country: 'in', lang: 'ta' }],
  ])('also maps %s -> %j', (tag, market) => {
    expect(marketForBrowserLanguage(tag)).toEqual(market);
  });
  it('has no market for an unknown language', () => {
    expect(marketForBrowserLanguage('xx-YY')).toBeUndefined();
    expect(marketForBrowserLanguage('')).toBeUndefined();
  });
  it('negotiates cookie first, then Accept-Language by quality, then in/en', () => {
    expect(negotiateMarket('ta-IN', 'en-US')).toEqual({ country: 'in', lang: 'ta' });
    expect(negotiateMarket(undefined, 'xx;q=1, en-GB;q=0.8, ar-AE;q=0.9')).toEqual({ country: 'ae', lang: 'ar' });
    expect(negotiateMarket('bogus', null)).toEqual({ country: 'in', lang: 'en' });
    expect(negotiateMarket(undefined, '*')).toEqual({ country: 'in', lang: 'en' });
  });
  it('parses Accept-Language with q-values and drops q=0', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de, en;q=0')).toEqual(['de', 'fr']);
  });
});

describe('locale tags and prefixes', () => {
  it('maps each country x language to a BCP-47 tag and back', () => {
    for (const tag of LOCALE_TAGS) expect(toLocaleTag(fromLocaleTag(tag)!)).toBe(tag);
    expect(toLocaleTag({ country: 'uk', lang: 'en' })).toBe('en-GB');
    expect(marketPrefix({ country: 'uk', lang: 'en' })).toBe('/uk/en');
  });
  it('defaults to in/en', () => {
    expect(DEFAULT_LOCALE_TAG).toBe('en-IN');
  });
  it('has a message language for every language a URL can carry', () => {
    for (const tag of LOCALE_TAGS) expect(UI_LANGUAGES).toContain(fromLocaleTag(tag)!.lang);
  });
  it('includes the spec country list in, us, uk, ae, qa, sa', () => {
    expect(Object.keys(COUNTRIES).slice(0, 6)).toEqual(['in', 'us', 'uk', 'ae', 'qa', 'sa']);
  });
  it('lists the alternate-language locales (docs/requirements/markets.md#alternate-language-links)', () => {
    expect(ALTERNATE_LOCALES).toEqual(['en-US', 'en-GB', 'en-IN', 'hi-IN', 'ta-IN', 'ar-AE', 'en-AE', 'fr-FR', 'de-DE', 'es-ES', 'it-IT', 'ar-SA', 'en-SG']);
  });
  it('renders Arabic and Urdu right-to-left', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('ur')).toBe(true);
    expect(isRtl('en')).toBe(false);
  });
});

describe('markets for the Turkish, Indonesian and Malay interfaces', () => {
  it.each([
    ['tr', 'TR', '90', 'TRY', 'Europe/Istanbul', ['tr', 'en']],
    ['id', 'ID', '62', 'IDR', 'Asia/Jakarta', ['id', 'en']],
    ['my', 'MY', '60', 'MYR', 'Asia/Kuala_Lumpur', ['ms', 'en']],
  ] as const)('/%s serves %s (+%s, %s, %s) in %j', (country, region, phoneCode, currency, timeZone, langs) => {
    expect(COUNTRIES[country]).toEqual({ region, phoneCode, currency, timeZone });
    expect(languagesForPhoneCode(phoneCode)).toEqual(langs);
    expect(marketPrefix({ country, lang: langs[0] })).toBe(`/${country}/${langs[0]}`);
    expect(resolveLanguage(country, 'hi')).toBe(langs[0]);
  });

  it('sends browsers in those languages to their market', () => {
    expect(marketForBrowserLanguage('tr-TR')).toEqual({ country: 'tr', lang: 'tr' });
    expect(marketForBrowserLanguage('id')).toEqual({ country: 'id', lang: 'id' });
    expect(marketForBrowserLanguage('ms-MY')).toEqual({ country: 'my', lang: 'ms' });
    expect(negotiateMarket(undefined, 'ms;q=0.9, fr;q=0.1')).toEqual({ country: 'my', lang: 'ms' });
  });
});
