'use client';

import { useId, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { DISPATCH_MODES } from '@/lib/db/schema/dispatch';
import { DISPATCH_LIMITS, dispatchSettingsSchema, type DispatchSettingsInput } from '@/lib/dispatch/schemas';
import { queryKeys } from '@/lib/query-keys';
import { failureOf } from '@/components/data/fetch-data';
import { useApiErrorText } from '@/components/ui/use-api-error';
import { useFieldError } from '@/components/auth/field-error';
import ui from '@/components/ui/ui.module.css';
import { fetchDispatchSettings, saveDispatchSettings, type DispatchSettingsData } from './api';
import styles from './fleet-map.module.css';

const NUMBERS = ['offerSeconds', 'maxOffers', 'offerLeadMinutes', 'bufferMinutes', 'shareLeadMinutes'] as const;

/** How the operator dispatches: by hand, assisted (the best driver suggested first) or automatic (offers with a countdown), and the numbers behind it. */
export function DispatchSettingsCard() {
  const t = useTranslations('DispatchSettings');
  const query = useQuery({ queryKey: queryKeys.partner.dispatchSettings(), queryFn: fetchDispatchSettings });
  const id = useId();
  return (
    <section className={`${ui.card} ${styles.panel}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      {query.data ? <SettingsForm initial={query.data} /> : <p role="status">{query.isError ? t('loadError') : t('loading')}</p>}
    </section>
  );
}

function SettingsForm({ initial }: { initial: DispatchSettingsData }) {
  const t = useTranslations('DispatchSettings');
  const fieldError = useFieldError();
  const errorText = useApiErrorText();
  const id = useId();
  const client = useQueryClient();
  const [status, setStatus] = useState('');
  const form = useForm<DispatchSettingsInput>({ resolver: zodResolver(dispatchSettingsSchema), mode: 'onTouched', defaultValues: initial });
  const save = useMutation({ mutationFn: saveDispatchSettings, onSuccess: (data) => client.setQueryData(queryKeys.partner.dispatchSettings(), data) });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    setStatus('');
    try {
      await save.mutateAsync(input);
      setStatus(t('saved'));
    } catch (failed) {
      setStatus(errorText(failureOf(failed)));
    }
  });
  return (
    <form className={styles.panel} noValidate onSubmit={submit}>
      <fieldset className={ui.field}>
        <legend>{t('mode')}</legend>
        {DISPATCH_MODES.map((mode) => (
          <label key={mode}>
            <input type="radio" value={mode} {...form.register('mode')} /> {t(`modes.${mode}`)}
          </label>
        ))}
      </fieldset>
      {NUMBERS.map((name) => {
        const [min, max] = DISPATCH_LIMITS[name];
        const message = fieldError(errors[name] as FieldError | undefined);
        return (
          <div className={ui.field} key={name}>
            <label htmlFor={`${id}-${name}`}>{t(`fields.${name}`)}</label>
            <input
              id={`${id}-${name}`}
              type="number"
              className={ui.input}
              min={min}
              max={max}
              step={1}
              inputMode="numeric"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-${name}-error` : undefined}
              {...form.register(name, { valueAsNumber: true })}
            />
            {message ? (
              <p id={`${id}-${name}-error`} className={ui.error}>
                {message}
              </p>
            ) : null}
          </div>
        );
      })}
      <label>
        <input type="checkbox" {...form.register('allowUpgrades')} /> {t('fields.allowUpgrades')}
      </label>
      <p role="status">{status}</p>
      <div>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
