'use client';

import { useId, useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { COUNTRIES, languagesForCountry, type CountryCode } from '@/lib/i18n/markets';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { useSaveMarket } from './queries';
import { SectionForm, type SectionProps } from './section-form';
import { useFailureText } from './use-failure-text';
import styles from './settings.module.css';

const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];
const CURRENCIES: string[] = [...new Set(Object.values(COUNTRIES).map((c) => c.currency as string))];

/** Country, currency, time zone and which of the market's languages the site offers. */
export function MarketSection({ settings, onSaved }: SectionProps) {
  const t = useTranslations('Settings');
  const locale = useLocale();
  const save = useSaveMarket();
  const failureText = useFailureText();
  const id = useId();
  const [country, setCountry] = useState(settings.countryCode as CountryCode);
  const [currency, setCurrency] = useState(settings.currency);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [languages, setLanguages] = useState<string[]>(settings.languages);
  const [abroad, setAbroad] = useState(settings.messagesAbroad);
  const [error, setError] = useState<{ field?: string; text: string }>();
  const regions = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const currencyNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'currency' }), [locale]);
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    return all.includes(timeZone) ? all : [timeZone, ...all];
  }, [timeZone]);
  const currencies = CURRENCIES.includes(currency) ? CURRENCIES : [currency, ...CURRENCIES];
  const offered = languagesForCountry(country);
  return (
    <SectionForm
      heading={t('market.heading')}
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate(
          { countryCode: country, currency, timeZone, languages, messagesAbroad: abroad },
          { onSuccess: onSaved, onError: (e) => setError(failureText(e)) },
        );
      }}
    >
      <div className={styles.fields}>
        <div className={screen.field}>
          <label htmlFor={`${id}-country`}>{t('market.country')}</label>
          <select
            id={`${id}-country`}
            className={screen.control}
            value={country}
            onChange={(event) => {
              const next = event.target.value as CountryCode;
              setCountry(next);
              setCurrency(COUNTRIES[next].currency);
              setTimeZone(COUNTRIES[next].timeZone);
              setLanguages([...languagesForCountry(next)]);
            }}
          >
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {regions.of(COUNTRIES[code].region) ?? code}
              </option>
            ))}
          </select>
        </div>
        <div className={screen.field}>
          <label htmlFor={`${id}-currency`}>{t('market.currency')}</label>
          <select id={`${id}-currency`} className={screen.control} value={currency} onChange={(event) => setCurrency(event.target.value)}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {`${code} · ${currencyNames.of(code) ?? code}`}
              </option>
            ))}
          </select>
        </div>
        <div className={screen.field}>
          <label htmlFor={`${id}-zone`}>{t('market.timeZone')}</label>
          <select id={`${id}-zone`} className={screen.control} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className={styles.languages} aria-invalid={error?.field === 'languages' ? true : undefined}>
        <legend className={ui.hint}>{t('market.languages')}</legend>
        {offered.map((lang) => (
          <label key={lang}>
            <input
              type="checkbox"
              checked={languages.includes(lang)}
              onChange={(event) => setLanguages((list) => (event.target.checked ? [...list, lang] : list.filter((l) => l !== lang)))}
            />
            {new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang}
          </label>
        ))}
      </fieldset>
      <label className={styles.toggle}>
        <input type="checkbox" checked={abroad} aria-describedby={`${id}-abroad-hint`} onChange={(event) => setAbroad(event.target.checked)} />
        {t('market.messagesAbroad')}
      </label>
      <p id={`${id}-abroad-hint`} className={ui.hint}>
        {t('market.messagesAbroadHint', { dialCode: COUNTRIES[country].phoneCode })}
      </p>
      {error ? (
        <p role="alert" className={screen.error}>
          {error.text}
        </p>
      ) : null}
      <div>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={save.isPending}>
          {save.isPending ? t('saving') : t('market.save')}
        </button>
      </div>
    </SectionForm>
  );
}
