'use client';

import { useId, useState } from 'react';
import { useForm, type FieldError, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { queryKeys } from '@/lib/query-keys';
import { PROMO_KINDS, TRIP_KINDS, VEHICLE_TYPES } from '@/lib/booking/vocabulary';
import { promoInputSchema, type PromoInput, type PromoValues } from '@/lib/money/promo-schema';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { createPromo, updatePromo, type PromoRow } from './api';
import styles from './promos.module.css';

const EMPTY: PromoInput = {
  code: '',
  kind: 'percent',
  value: 10,
  maxDiscount: null,
  minFare: 0,
  validFrom: null,
  validTo: null,
  tripKinds: [],
  vehicleTypes: [],
  firstRideOnly: false,
  perRiderLimit: null,
  maxUses: null,
  budget: null,
  active: true,
};

/** An empty box is "no limit" (null); anything else is the number typed (the schema names what is wrong with it). */
const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const optionalDay = (value: unknown) => (typeof value === 'string' && value ? value : null);

type NumberField = 'value' | 'maxDiscount' | 'minFare' | 'perRiderLimit' | 'maxUses' | 'budget';
const OPTIONAL: readonly NumberField[] = ['maxDiscount', 'perRiderLimit', 'maxUses', 'budget'];
const COUNTS: readonly NumberField[] = ['perRiderLimit', 'maxUses'];

/** A code's terms, new or edited; the server checks them again and names the field it refuses. */
export function PromoForm({ initial, currency, onDone }: { initial: PromoRow | null; currency: string; onDone: () => void }) {
  const t = useTranslations('Promos');
  const tm = useTranslations('Money');
  const tv = useTranslations('Validation');
  const tc = useTranslations('Cancellation');
  const tk = useTranslations('TripKinds');
  const tvh = useTranslations('VehicleTypes');
  const id = useId();
  const client = useQueryClient();
  const [failed, setFailed] = useState(false);
  const form = useForm<PromoInput, unknown, PromoValues>({
    resolver: zodResolver(promoInputSchema),
    mode: 'onTouched',
    defaultValues: initial ? { ...EMPTY, ...initial } : EMPTY,
  });
  const save = useMutation({
    mutationFn: (values: PromoValues) => (initial ? updatePromo(initial.id, values) : createPromo(values)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.partner.promos() }),
  });
  const { errors, isSubmitting } = form.formState;
  const errorText = (error: FieldError | undefined) => {
    const key = error?.message;
    if (!key) return undefined;
    if (tm.has(`errors.${key}` as 'errors.feeInvalid')) return tm(`errors.${key}` as 'errors.feeInvalid');
    return tv.has(key as 'pickupRequired') ? tv(key as 'pickupRequired') : key;
  };

  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      await save.mutateAsync(values);
      onDone();
    } catch (error) {
      const failure = failureOf(error);
      if (failure.field && failure.status < 500)
        form.setError(failure.field as FieldPath<PromoInput>, { message: failure.key ?? failure.message }, { shouldFocus: true });
      else setFailed(true);
    }
  });

  const described = (name: string, message: string | undefined) => ({
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? `${id}-${name}-error` : undefined,
  });
  const errorLine = (name: string, message: string | undefined) =>
    message ? (
      <p id={`${id}-${name}-error`} className={screen.error}>
        {message}
      </p>
    ) : null;

  const numberField = (name: NumberField) => {
    const message = errorText(errors[name]);
    const count = COUNTS.includes(name);
    const label = name === 'value' || count ? t(`fields.${name}`) : t('fields.amountIn', { field: t(`fields.${name}`), currency });
    return (
      <div className={screen.field}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          type="number"
          className={screen.control}
          min={0}
          step={count ? 1 : 0.01}
          inputMode={count ? 'numeric' : 'decimal'}
          placeholder={OPTIONAL.includes(name) ? t('noLimit') : undefined}
          {...described(name, message)}
          {...form.register(name, { setValueAs: OPTIONAL.includes(name) ? optionalNumber : (v) => (v === '' ? Number.NaN : Number(v)) })}
        />
        {errorLine(name, message)}
      </div>
    );
  };

  const dayField = (name: 'validFrom' | 'validTo') => {
    const message = errorText(errors[name]);
    return (
      <div className={screen.field}>
        <label htmlFor={`${id}-${name}`}>{t(`fields.${name}`)}</label>
        <input
          id={`${id}-${name}`}
          type="date"
          className={screen.control}
          {...described(name, message)}
          {...form.register(name, { setValueAs: optionalDay })}
        />
        {errorLine(name, message)}
      </div>
    );
  };

  const codeError = errorText(errors.code);
  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <div className={styles.row}>
        <div className={screen.field}>
          <label htmlFor={`${id}-code`}>{t('fields.code')}</label>
          <input
            id={`${id}-code`}
            className={screen.control}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={20}
            {...described('code', codeError)}
            {...form.register('code')}
          />
          {errorLine('code', codeError)}
        </div>
        <div className={screen.field}>
          <label htmlFor={`${id}-kind`}>{t('fields.kind')}</label>
          <select id={`${id}-kind`} className={screen.control} {...form.register('kind')}>
            {PROMO_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {numberField('value')}
        {numberField('maxDiscount')}
        {numberField('minFare')}
      </div>
      <div className={styles.row}>
        {dayField('validFrom')}
        {dayField('validTo')}
        {numberField('perRiderLimit')}
        {numberField('maxUses')}
        {numberField('budget')}
      </div>
      <fieldset className={styles.choices}>
        <legend>{t('fields.tripKinds')}</legend>
        {TRIP_KINDS.map((kind) => (
          <label key={kind} className={styles.check}>
            <input type="checkbox" value={kind} {...form.register('tripKinds')} /> {tk(kind)}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t('fields.vehicleTypes')}</legend>
        {VEHICLE_TYPES.map((type) => (
          <label key={type} className={styles.check}>
            <input type="checkbox" value={type} {...form.register('vehicleTypes')} /> {tvh(type)}
          </label>
        ))}
      </fieldset>
      <label className={styles.check}>
        <input type="checkbox" {...form.register('firstRideOnly')} /> {t('fields.firstRideOnly')}
      </label>
      <label className={styles.check}>
        <input type="checkbox" {...form.register('active')} /> {t('fields.active')}
      </label>
      <p role="status" className={failed ? screen.error : screen.muted}>
        {failed ? tc('saveFailed') : ''}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
          {isSubmitting ? tc('saving') : t('save')}
        </button>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
