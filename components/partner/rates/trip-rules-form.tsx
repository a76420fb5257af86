'use client';

import { useId, useState } from 'react';
import { useForm, type FieldError, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api, within, type ApiBody, type ApiDataOf } from '@/lib/api/typed-client';
import { queryKeys } from '@/lib/query-keys';
import { TRIP_RULE_CAPS, tripRulesInputSchema, type TripRulesInput } from '@/lib/partner/trip-rules-schema';
import { fetchData, failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import styles from './rates.module.css';

type TripRulesData = ApiDataOf<(typeof api.partner)['trip-rules']['$get']>;
const fetchTripRules = () => fetchData(api.partner['trip-rules'].$get(undefined, within()));
const saveTripRules = (input: ApiBody<(typeof api.partner)['trip-rules']['$put']>) => fetchData(api.partner['trip-rules'].$put({ json: input }, within()));

const FIELDS = ['localMaxKm', 'outstationMaxKm', 'serviceRadiusKm', 'nowMaxKm', 'walletSpendPercent'] as const;

/** Fares page: the operator's trip limits (what riders can book) and how much of a fare riders may pay from their wallet. */
export function TripRulesCard() {
  const t = useTranslations('TripRules');
  const query = useQuery({ queryKey: queryKeys.partner.tripRules(), queryFn: fetchTripRules });
  return (
    <section className={`${ui.card} ${styles.card}`} aria-labelledby="trip-rules-title">
      <h2 id="trip-rules-title">{t('title')}</h2>
      <p className={screen.muted}>{t('subtitle')}</p>
      {query.data ? <TripRulesForm initial={query.data} /> : <p role="status">{query.isError ? t('loadError') : t('loading')}</p>}
    </section>
  );
}

function TripRulesForm({ initial }: { initial: TripRulesData }) {
  const t = useTranslations('TripRules');
  const tr = useTranslations('Rates');
  const id = useId();
  const client = useQueryClient();
  const [status, setStatus] = useState<'' | 'saved' | 'failed'>('');
  const form = useForm<TripRulesInput>({ resolver: zodResolver(tripRulesInputSchema), mode: 'onTouched', defaultValues: initial });
  const save = useMutation({ mutationFn: saveTripRules, onSuccess: (data) => client.setQueryData(queryKeys.partner.tripRules(), data) });
  const { errors, isSubmitting } = form.formState;
  const errorText = (error: FieldError | undefined) => {
    const key = error?.message;
    if (!key) return undefined;
    return tr.has(`errors.${key}` as 'errors.kmInvalid') ? tr(`errors.${key}` as 'errors.kmInvalid') : key;
  };

  const submit = form.handleSubmit(async (input) => {
    setStatus('');
    try {
      await save.mutateAsync(input);
      setStatus('saved');
    } catch (error) {
      const failure = failureOf(error);
      if (failure.status === 400 && failure.field)
        form.setError(failure.field as FieldPath<TripRulesInput>, { message: failure.key ?? failure.message }, { shouldFocus: true });
      else setStatus('failed');
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={t('title')}>
      <div className={styles.group}>
        {FIELDS.map((name) => {
          const message = errorText(errors[name]);
          const inputId = `${id}-${name}`;
          return (
            <div className={screen.field} key={name}>
              <label htmlFor={inputId}>{t(`fields.${name}`)}</label>
              <input
                id={inputId}
                type="number"
                className={screen.control}
                min={0}
                max={TRIP_RULE_CAPS[name]}
                step={name === 'walletSpendPercent' ? 0.01 : 1}
                inputMode={name === 'walletSpendPercent' ? 'decimal' : 'numeric'}
                aria-invalid={message ? true : undefined}
                aria-describedby={`${inputId}-hint${message ? ` ${inputId}-error` : ''}`}
                {...form.register(name, { valueAsNumber: true })}
              />
              <p id={`${inputId}-hint`} className={screen.muted}>
                {t(`hints.${name}`)}
              </p>
              {message ? (
                <p id={`${inputId}-error`} className={screen.error}>
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <p role="status" className={status === 'failed' ? screen.error : screen.muted}>
        {status === 'saved' ? t('saved') : status === 'failed' ? t('saveFailed') : ''}
      </p>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? tr('saving') : t('save')}
      </button>
    </form>
  );
}
