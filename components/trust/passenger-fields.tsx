'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { checkPersonName, checkPhone, type Check } from '@/lib/contact/checks';
import { NAME_MAX, type Phone } from '@/lib/contact/identifiers';
import { LazyPhoneField } from '@/components/auth/lazy-phone-field';
import ui from '@/components/ui/ui.module.css';
import styles from './trust.module.css';

export type PassengerDraft = { forOther: boolean; name: string; phone: Partial<Phone> | undefined };
export const NO_PASSENGER: PassengerDraft = { forOther: false, name: '', phone: undefined };

/** The passenger to book for, or null when the ride is the rider's own; `error` names the first bad field's message key. */
function passengerOf(
  draft: PassengerDraft,
): { ok: true; passenger: { name: string; phone: Phone } | undefined } | { ok: false; field: 'name' | 'phone'; message: string } {
  if (!draft.forOther) return { ok: true, passenger: undefined };
  const name = checkPersonName(draft.name);
  if (!name.ok) return { ok: false, field: 'name', message: name.message };
  const phone = checkPhone(draft.phone ?? {});
  if (!phone.ok) return { ok: false, field: 'phone', message: phone.message };
  return { ok: true, passenger: { name: name.value, phone: phone.value } };
}

/** `passengerOf` as a field check for a form resolver (components/auth/checks-resolver): the first bad field is its path. */
export function checkPassenger(value: unknown): Check<{ name: string; phone: Phone } | undefined> {
  const result = passengerOf((value ?? NO_PASSENGER) as PassengerDraft);
  return result.ok ? { ok: true, value: result.passenger } : { ok: false, message: result.message, path: result.field };
}

/** "This ride is for someone else": the passenger's name and phone (they get the driver's details and the start code). */
export function PassengerFields({
  value,
  onChange,
  showErrors,
  defaultCountry,
}: {
  value: PassengerDraft;
  onChange: (next: PassengerDraft) => void;
  showErrors: boolean;
  defaultCountry: string;
}) {
  const t = useTranslations('Trust');
  const tv = useTranslations('Validation');
  const id = useId();
  const check = passengerOf(value);
  const error = (field: 'name' | 'phone') => (showErrors && !check.ok && check.field === field ? tv(check.message as 'phoneInvalid') : undefined);
  return (
    <div className={styles.passenger}>
      <label className={styles.check}>
        <input type="checkbox" checked={value.forOther} onChange={(e) => onChange({ ...value, forOther: e.target.checked })} />
        {t('forSomeoneElse')}
      </label>
      {value.forOther ? (
        <>
          <p className={ui.hint}>{t('passengerHint')}</p>
          <div className={ui.field}>
            <label htmlFor={`${id}-name`}>{t('passengerName')}</label>
            <input
              id={`${id}-name`}
              className={ui.input}
              autoComplete="off"
              maxLength={NAME_MAX}
              value={value.name}
              onChange={(e) => onChange({ ...value, name: e.target.value })}
              aria-invalid={error('name') ? true : undefined}
              aria-describedby={error('name') ? `${id}-name-error` : undefined}
            />
            {error('name') ? (
              <p id={`${id}-name-error`} className={ui.error}>
                {error('name')}
              </p>
            ) : null}
          </div>
          <fieldset className={styles.rate}>
            <legend className={styles.legend}>{t('passengerPhone')}</legend>
            <LazyPhoneField
              id={`${id}-phone`}
              value={value.phone}
              onChange={(phone) => onChange({ ...value, phone })}
              defaultCountry={defaultCountry}
              error={error('phone')}
            />
          </fieldset>
        </>
      ) : null}
    </div>
  );
}
