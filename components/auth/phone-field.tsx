'use client';

import { useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import PhoneInput, { getCountries, getCountryCallingCode, type Country } from 'react-phone-number-input/min';
import 'react-phone-number-input/style.css';
import type { Phone } from '@/lib/contact/identifiers';
import styles from './auth.module.css';

/** Preferred countries (spec 000 §9): India, United Arab Emirates, United States, United Kingdom. */
const PREFERRED: Country[] = ['IN', 'AE', 'US', 'GB'];

type PhoneValue = Partial<Phone> | undefined;

function flag(country: string): string {
  return String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
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
  const labels = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return Object.fromEntries([...getCountries().map((c) => [c, names.of(c) ?? c]), ['country', t('countryLabel')], ['phone', t('phoneLabel')]]);
  }, [locale, t]);
  const e164 = value?.dialCode && value.number ? `+${value.dialCode}${value.number}` : undefined;

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('phoneLabel')}</label>
      <PhoneInput
        id={id}
        className={styles.phone}
        value={e164}
        defaultCountry={initial}
        countryOptionsOrder={[...preferred, '|', '...']}
        addInternationalOption={false}
        labels={labels}
        flagComponent={({ country: c }: { country: string }) => <span aria-hidden="true">{flag(c)}</span>}
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
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
