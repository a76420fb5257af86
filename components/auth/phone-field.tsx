'use client';

import { useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import PhoneInput, { getCountries, getCountryCallingCode, type Country } from 'react-phone-number-input/min';
import 'react-phone-number-input/style.css';
import type { Phone } from '@/lib/contact/identifiers';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

/** Preferred countries (docs/requirements/rider.md#numbers-the-screens-use): India, United Arab Emirates, United States, United Kingdom. */
const PREFERRED: Country[] = ['IN', 'AE', 'US', 'GB'];

type PhoneValue = Partial<Phone> | undefined;

/**
 * The country picker's face: the country code and its calling code as text
 * ("IN +91"). Emoji flags need an emoji font, which many systems lack (they
 * draw empty boxes), and image flags would be another download.
 */
function CountryBadge({ country }: { country: string }) {
  const known = getCountries().includes(country as Country);
  return (
    <span className={styles.countryBadge} aria-hidden="true">
      {country}
      {known ? ` +${getCountryCallingCode(country as Country)}` : ''}
    </span>
  );
}

/**
 * Phone with a country picker. The library's own validation is off: it only
 * splits dial code and national number, spaces stripped; our zod schema validates.
 */
export function PhoneField({
  id,
  value,
  onChange,
  onBlur,
  error,
  defaultCountry,
  preferred = PREFERRED,
}: {
  id: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  error?: string;
  defaultCountry: string;
  preferred?: Country[];
}) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const initial = (getCountries().includes(defaultCountry as Country) ? defaultCountry : 'IN') as Country;
  const [country, setCountry] = useState<Country>(initial);
  // Country names come from the runtime's Intl data, which differs between the server and browsers:
  // the server HTML and hydration use codes ("IN +91"), the names follow once hydrated (no mismatch).
  const hydrated = useHydrationStore((s) => s.hydrated);
  const labels = useMemo(() => {
    const names = hydrated ? new Intl.DisplayNames([locale], { type: 'region' }) : undefined;
    const label = (c: Country) => names?.of(c) ?? `${c} +${getCountryCallingCode(c)}`;
    return Object.fromEntries([...getCountries().map((c) => [c, label(c)]), ['country', t('countryLabel')], ['phone', t('phoneLabel')]]);
  }, [hydrated, locale, t]);
  const e164 = value?.dialCode && value.number ? `+${value.dialCode}${value.number}` : undefined;

  return (
    <div className={ui.field}>
      <label htmlFor={id}>{t('phoneLabel')}</label>
      <PhoneInput
        id={id}
        className={styles.phone}
        numberInputProps={{ className: ui.input, dir: 'ltr' }}
        value={e164}
        // a number given to the field (an edited driver, a signed-in rider) shows without its calling code: the badge has it
        initialValueFormat="national"
        defaultCountry={initial}
        countryOptionsOrder={[...preferred, '|', '...']}
        addInternationalOption={false}
        labels={labels}
        flagComponent={CountryBadge}
        onCountryChange={(next?: Country) => {
          if (!next) return;
          setCountry(next);
          onChange({ dialCode: getCountryCallingCode(next), number: value?.number ?? '' });
        }}
        onChange={(next?: string) => {
          const dialCode = getCountryCallingCode(country);
          const digits = (next ?? '').replace(/\s/g, '').replace(/^\+/, '');
          onChange({ dialCode, number: digits.startsWith(dialCode) ? digits.slice(dialCode.length) : digits });
        }}
        onBlur={onBlur}
        autoComplete="tel"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
