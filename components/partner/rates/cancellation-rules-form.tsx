'use client';

import { useId, useState } from 'react';
import { useForm, type FieldError, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api, within, type ApiBody } from '@/lib/api/typed-client';
import { queryKeys } from '@/lib/query-keys';
import { TRIP_KINDS, type TripKind } from '@/lib/booking/vocabulary';
import { CANCEL_FEE_TYPES } from '@/lib/booking/vocabulary';
import { MAX_FREE_MINUTES, cancellationRulesInputSchema, type CancellationRulesInput } from '@/lib/money/cancellation-schema';
import { fetchData, failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import styles from './rates.module.css';

const fetchRules = () => fetchData(api.partner['cancellation-rules'].$get(undefined, within()));
const saveRules = (input: ApiBody<(typeof api.partner)['cancellation-rules']['$put']>) =>
  fetchData(api.partner['cancellation-rules'].$put({ json: input }, within()));

/** Fares page: per trip kind, how long before pickup a rider may cancel for free and the fee after that. */
export function CancellationRulesCard() {
  const t = useTranslations('Cancellation');
  const query = useQuery({ queryKey: queryKeys.partner.cancellationRules(), queryFn: fetchRules });
  return (
    <section className={`${ui.card} ${styles.card}`} aria-labelledby="cancellation-rules-title">
      <h2 id="cancellation-rules-title">{t('consoleTitle')}</h2>
      <p className={screen.muted}>{t('consoleSubtitle')}</p>
      {query.data ? <RulesForm initial={query.data} /> : <p role="status">{query.isError ? t('loadError') : t('loading')}</p>}
    </section>
  );
}

function RulesForm({ initial }: { initial: CancellationRulesInput }) {
  const t = useTranslations('Cancellation');
  const tm = useTranslations('Money');
  const tk = useTranslations('TripKinds');
  const id = useId();
  const client = useQueryClient();
  const [status, setStatus] = useState<'' | 'saved' | 'failed'>('');
  const form = useForm<CancellationRulesInput>({ resolver: zodResolver(cancellationRulesInputSchema), mode: 'onTouched', defaultValues: initial });
  const save = useMutation({ mutationFn: saveRules, onSuccess: (data) => client.setQueryData(queryKeys.partner.cancellationRules(), data) });
  const { errors, isSubmitting } = form.formState;
  const errorText = (error: FieldError | undefined) => {
    const key = error?.message;
    if (!key) return undefined;
    return tm.has(`errors.${key}` as 'errors.feeInvalid') ? tm(`errors.${key}` as 'errors.feeInvalid') : key;
  };

  const submit = form.handleSubmit(async (input) => {
    setStatus('');
    try {
      await save.mutateAsync(input);
      setStatus('saved');
    } catch (error) {
      const failure = failureOf(error);
      if (failure.status === 400 && failure.field)
        form.setError(failure.field as FieldPath<CancellationRulesInput>, { message: failure.key ?? failure.message }, { shouldFocus: true });
      else setStatus('failed');
    }
  });

  const field = (kind: TripKind, name: 'freeMinutes' | 'feeValue') => {
    const message = errorText(errors[kind]?.[name]);
    const inputId = `${id}-${kind}-${name}`;
    return (
      <div className={screen.field}>
        <label htmlFor={inputId}>{t(`fields.${name}`)}</label>
        <input
          id={inputId}
          type="number"
          className={screen.control}
          min={0}
          max={name === 'freeMinutes' ? MAX_FREE_MINUTES : undefined}
          step={name === 'freeMinutes' ? 1 : 0.01}
          inputMode={name === 'freeMinutes' ? 'numeric' : 'decimal'}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          {...form.register(`${kind}.${name}`, { valueAsNumber: true })}
        />
        {message ? (
          <p id={`${inputId}-error`} className={screen.error}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={t('consoleTitle')}>
      {TRIP_KINDS.map((kind) => (
        <fieldset key={kind} className={styles.group}>
          <legend>{tk(kind)}</legend>
          {field(kind, 'freeMinutes')}
          <div className={screen.field}>
            <label htmlFor={`${id}-${kind}-feeType`}>{t('fields.feeType')}</label>
            <select id={`${id}-${kind}-feeType`} className={screen.control} {...form.register(`${kind}.feeType`)}>
              {CANCEL_FEE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`feeTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          {field(kind, 'feeValue')}
        </fieldset>
      ))}
      <p className={screen.muted}>{t('consoleHint')}</p>
      <p role="status" className={status === 'failed' ? screen.error : screen.muted}>
        {status === 'saved' ? t('saved') : status === 'failed' ? t('saveFailed') : ''}
      </p>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('save')}
      </button>
    </form>
  );
}
