'use client';

import { useId, useState, type InputHTMLAttributes } from 'react';
import { useFieldArray, useForm, type FieldError, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import { useSaveRateCard } from '../queries';
import { formatTime } from '@/lib/i18n/format';
import type { RateCardView } from '@/lib/partner/rates';
import { RATE_CARD_CAPS, rateCardInputSchema, type RateCardInput } from '@/lib/partner/rate-schema';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import styles from './rates.module.css';

type MoneyField =
  'baseFare' | 'perKm' | 'airportFee' | 'outstationPerKm' | 'driverBataPerDay' | 'tollPerKm' | 'extraKmRate' | 'extraHourRate' | 'waitingCharge';
type KmField = 'minKm' | 'minKmPerDay';
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Edits one vehicle type's fares in major units; the server answers field errors as keys of Rates.errors. */
export function RateCardForm({
  card,
  currency,
  vehicleName,
  onSaved,
}: {
  card: RateCardView;
  currency: string;
  vehicleName: string;
  onSaved: (card: RateCardView) => void;
}) {
  const save = useSaveRateCard();
  const t = useTranslations('Rates');
  const locale = useLocale();
  const id = useId();
  const [failed, setFailed] = useState(false);
  const { vehicleType, updatedAt: _updatedAt, ...values } = card;
  const form = useForm<RateCardInput>({ resolver: zodResolver(rateCardInputSchema), mode: 'onTouched', defaultValues: values });
  const packages = useFieldArray({ control: form.control, name: 'rentalPackages' });
  const { errors, isSubmitting } = form.formState;

  const errorText = (error: FieldError | undefined) => {
    const key = error?.message;
    if (!key) return undefined;
    return t.has(`errors.${key}` as 'errors.amountInvalid') ? t(`errors.${key}` as 'errors.amountInvalid') : key;
  };
  const field = (name: FieldPath<RateCardInput>, label: string, error: FieldError | undefined, input: InputHTMLAttributes<HTMLInputElement>) => {
    const message = errorText(error);
    const inputId = `${id}-${name}`;
    return (
      <div className={screen.field} key={name}>
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="number"
          className={screen.control}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          {...input}
          {...form.register(name, { valueAsNumber: true })}
        />
        {message ? (
          <p id={`${inputId}-error`} className={screen.error}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  const money = (name: MoneyField) =>
    field(name, t('withCurrency', { label: t(`fields.${name}`), currency }), errors[name], {
      min: 0,
      max: RATE_CARD_CAPS[name],
      step: 0.01,
      inputMode: 'decimal',
    });
  const km = (name: KmField) => field(name, t(`fields.${name}`), errors[name], { min: 0, max: RATE_CARD_CAPS[name], step: 1, inputMode: 'numeric' });
  const hourSelect = (name: 'nightStartHour' | 'nightEndHour') => {
    const message = errorText(errors[name]);
    return (
      <div className={screen.field}>
        <label htmlFor={`${id}-${name}`}>{t(`fields.${name}`)}</label>
        <select id={`${id}-${name}`} className={screen.control} aria-invalid={message ? true : undefined} {...form.register(name, { valueAsNumber: true })}>
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {formatTime(new Date(Date.UTC(2020, 0, 1, hour)), locale, 'UTC')}
            </option>
          ))}
        </select>
        {message ? <p className={screen.error}>{message}</p> : null}
      </div>
    );
  };

  const submit = form.handleSubmit(async (input) => {
    setFailed(false);
    const result = await save.mutateAsync({ vehicleType, input }).then(
      (saved) => ({ ok: true as const, saved }),
      (error: unknown) => ({ ok: false as const, error: failureOf(error) }),
    );
    if (result.ok) return onSaved(result.saved);
    const { field: path, key, code } = result.error;
    if (code === 'last_active') form.setError('active', { message: 'lastActive' }, { shouldFocus: true });
    else if (result.error.status === 400 && path)
      form.setError(path as FieldPath<RateCardInput>, { message: key ?? result.error.message }, { shouldFocus: true });
    else setFailed(true);
  });

  const packagesError = errorText(errors.rentalPackages?.root ?? (errors.rentalPackages as FieldError | undefined));
  const activeError = errorText(errors.active);
  const nonAcError = errorText(errors.nonAcDiscountPercent);
  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={t('editTitle', { vehicle: vehicleName })}>
      <div className={styles.check}>
        <input id={`${id}-active`} type="checkbox" {...form.register('active')} aria-describedby={activeError ? `${id}-active-error` : undefined} />
        <label htmlFor={`${id}-active`}>{t('fields.active')}</label>
        {activeError ? (
          <p id={`${id}-active-error`} className={screen.error}>
            {activeError}
          </p>
        ) : null}
      </div>
      <fieldset className={styles.group}>
        <legend>{t('sections.local')}</legend>
        {money('baseFare')}
        {money('perKm')}
        {km('minKm')}
        {money('airportFee')}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('sections.outstation')}</legend>
        {money('outstationPerKm')}
        {km('minKmPerDay')}
        {money('driverBataPerDay')}
        {money('tollPerKm')}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('sections.night')}</legend>
        {field('nightChargePercent', t('fields.nightChargePercent'), errors.nightChargePercent, { min: 0, max: 100, step: 0.01, inputMode: 'decimal' })}
        {hourSelect('nightStartHour')}
        {hourSelect('nightEndHour')}
      </fieldset>
      <fieldset className={styles.packages}>
        <legend>{t('sections.rental')}</legend>
        {packages.fields.map((item, index) => {
          const rowErrors = errors.rentalPackages?.[index];
          const number = index + 1;
          return (
            <fieldset key={item.id} className={styles.group}>
              <legend>{t('package', { number })}</legend>
              {field(`rentalPackages.${index}.hours`, t('fields.hours'), rowErrors?.hours, {
                min: 1,
                max: RATE_CARD_CAPS.packageHours,
                step: 1,
                inputMode: 'numeric',
              })}
              {field(`rentalPackages.${index}.km`, t('fields.km'), rowErrors?.km, { min: 1, max: RATE_CARD_CAPS.packageKm, step: 1, inputMode: 'numeric' })}
              {field(`rentalPackages.${index}.price`, t('withCurrency', { label: t('fields.price'), currency }), rowErrors?.price, {
                min: 0,
                max: RATE_CARD_CAPS.packagePrice,
                step: 0.01,
                inputMode: 'decimal',
              })}
              <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => packages.remove(index)}>
                {t('removePackage', { number })}
              </button>
            </fieldset>
          );
        })}
        {packagesError ? (
          <p role="alert" className={screen.error}>
            {packagesError}
          </p>
        ) : null}
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          disabled={packages.fields.length >= RATE_CARD_CAPS.packages}
          onClick={() => packages.append({ hours: 4, km: 40, price: 0 })}
        >
          {t('addPackage')}
        </button>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('sections.extras')}</legend>
        {money('extraKmRate')}
        {money('extraHourRate')}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('sections.nonAc')}</legend>
        <div className={screen.field}>
          <label htmlFor={`${id}-nonAcDiscountPercent`}>{t('fields.nonAcDiscountPercent')}</label>
          <input
            id={`${id}-nonAcDiscountPercent`}
            type="number"
            className={screen.control}
            min={1}
            max={RATE_CARD_CAPS.nonAcDiscountPercent}
            step={0.01}
            inputMode="decimal"
            aria-invalid={nonAcError ? true : undefined}
            aria-describedby={`${id}-nonAcDiscountPercent-hint${nonAcError ? ` ${id}-nonAcDiscountPercent-error` : ''}`}
            {...form.register('nonAcDiscountPercent', { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) })}
          />
          {nonAcError ? (
            <p id={`${id}-nonAcDiscountPercent-error`} className={screen.error}>
              {nonAcError}
            </p>
          ) : null}
          <p id={`${id}-nonAcDiscountPercent-hint`} className={screen.muted}>
            {t('nonAcHint')}
          </p>
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('sections.waiting')}</legend>
        {money('waitingCharge')}
        <p className={screen.muted}>{t('waitingHint')}</p>
      </fieldset>
      {failed ? (
        <p role="alert" className={screen.error}>
          {t('saveFailed')}
        </p>
      ) : null}
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('save')}
      </button>
    </form>
  );
}
