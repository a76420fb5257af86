'use client';

import { useId, useState } from 'react';
import { useForm, type FieldError, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { AIRPORT_CAPS, waitingRulesInputSchema, type WaitingRulesInput } from '@/lib/airports/schemas';
import { TRIP_KINDS } from '@/lib/booking/vocabulary';
import { queryKeys } from '@/lib/query-keys';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import rates from '../rates/rates.module.css';
import { saveWaitingRules, type AirportsData } from './api';

type MinutesField = FieldPath<WaitingRulesInput>;

/** Free waiting per trip kind, the charging block and the pickup buffer after landing, in whole minutes. */
export function WaitingRulesForm({ initial }: { initial: AirportsData['waiting'] }) {
  const t = useTranslations('Airports');
  const tKinds = useTranslations('TripKinds');
  const id = useId();
  const client = useQueryClient();
  const [status, setStatus] = useState<'' | 'saved' | 'failed'>('');
  const form = useForm<WaitingRulesInput>({ resolver: zodResolver(waitingRulesInputSchema), mode: 'onTouched', defaultValues: initial });
  const save = useMutation({
    mutationFn: saveWaitingRules,
    onSuccess: (waiting) => client.setQueryData<AirportsData>(queryKeys.partner.airports(), (old) => (old ? { ...old, waiting } : old)),
  });
  const { errors, isSubmitting } = form.formState;
  const errorText = (error: FieldError | undefined) => {
    const key = error?.message;
    if (!key) return undefined;
    return t.has(`errors.${key}` as 'errors.freeMinutesInvalid') ? t(`errors.${key}` as 'errors.freeMinutesInvalid') : key;
  };

  const submit = form.handleSubmit(async (input) => {
    setStatus('');
    try {
      await save.mutateAsync(input);
      setStatus('saved');
    } catch (error) {
      const failure = failureOf(error);
      if (failure.status === 400 && failure.field)
        form.setError(failure.field as MinutesField, { message: failure.key ?? failure.message }, { shouldFocus: true });
      else setStatus('failed');
    }
  });

  const field = (name: MinutesField, label: string, error: FieldError | undefined, max: number, hint?: string) => {
    const message = errorText(error);
    const inputId = `${id}-${name}`;
    const described = [hint ? `${inputId}-hint` : '', message ? `${inputId}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className={screen.field} key={name}>
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="number"
          className={screen.control}
          min={0}
          max={max}
          step={1}
          inputMode="numeric"
          aria-invalid={message ? true : undefined}
          aria-describedby={described || undefined}
          {...form.register(name, { valueAsNumber: true })}
        />
        {hint ? (
          <p id={`${inputId}-hint`} className={screen.muted}>
            {hint}
          </p>
        ) : null}
        {message ? (
          <p id={`${inputId}-error`} className={screen.error}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className={rates.form} noValidate onSubmit={submit} aria-label={t('waiting.title')}>
      <fieldset className={rates.group}>
        <legend>{t('waiting.freeLegend')}</legend>
        {TRIP_KINDS.map((kind) => field(`freeMinutes.${kind}`, tKinds(kind), errors.freeMinutes?.[kind], AIRPORT_CAPS.freeMinutes))}
      </fieldset>
      <div className={rates.group}>
        {field('blockMinutes', t('waiting.fields.blockMinutes'), errors.blockMinutes, AIRPORT_CAPS.blockMinutes, t('waiting.hints.blockMinutes'))}
        {field(
          'landingBufferMinutes',
          t('waiting.fields.landingBufferMinutes'),
          errors.landingBufferMinutes,
          AIRPORT_CAPS.landingBufferMinutes,
          t('waiting.hints.landingBufferMinutes'),
        )}
      </div>
      <p role="status" className={status === 'failed' ? screen.error : screen.muted}>
        {status === 'saved' ? t('waiting.saved') : status === 'failed' ? t('saveFailed') : ''}
      </p>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('waiting.save')}
      </button>
    </form>
  );
}
