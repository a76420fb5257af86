'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { invoiceSettingsSchema } from '@/lib/invoice/schemas';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import type { InvoiceSettingsData, InvoiceSettingsInput } from './api';
import { useInvoiceSettings, useSaveInvoiceSettings } from './queries';
import styles from './trust.module.css';

export function InvoiceDetailsForm() {
  const t = useTranslations('InvoiceDetails');
  const settings = useInvoiceSettings();
  if (settings.isPending)
    return (
      <p role="status" aria-busy="true" className={ui.hint}>
        …
      </p>
    );
  if (settings.isError || !settings.data)
    return (
      <p role="alert" className={ui.error}>
        {t('loadError')}
      </p>
    );
  return <Form initial={settings.data} />;
}

type Field = 'legalName' | 'address' | 'taxNumber' | 'taxRate' | 'sacCode' | 'supplyType';
/** What the inputs hold: text, the rate typed with a comma or a point. */
type InvoiceFields = { [K in Exclude<Field, 'supplyType'>]: string } & { supplyType: InvoiceSettingsData['supplyType'] };
/** The field order of `invoiceSettingsSchema`, whose first issue the server would name. */
const FIELDS: Field[] = ['legalName', 'address', 'taxNumber', 'taxRate', 'sacCode', 'supplyType'];

/** The server's `invoiceSettingsSchema` (lib/invoice/schemas) over the inputs' text. */
const invoiceFormSchema = z.object({
  ...invoiceSettingsSchema.shape,
  taxRate: z
    .string()
    .transform((rate) => Number(rate.replace(',', '.')))
    .pipe(invoiceSettingsSchema.shape.taxRate),
});
const invoiceResolver = zodResolver(invoiceFormSchema) as unknown as Resolver<InvoiceFields, unknown, InvoiceSettingsInput>;

function Form({ initial }: { initial: InvoiceSettingsData }) {
  const t = useTranslations('InvoiceDetails');
  const tv = useTranslations('Validation');
  const id = useId();
  const save = useSaveInvoiceSettings();
  // checked on Save only, one message at a time (the first bad field's), as the server answers
  const form = useForm<InvoiceFields, unknown, InvoiceSettingsInput>({
    resolver: invoiceResolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: {
      legalName: initial.legalName ?? '',
      address: initial.address ?? '',
      taxNumber: initial.taxNumber ?? '',
      taxRate: String(initial.taxRate),
      sacCode: initial.sacCode ?? '',
      supplyType: initial.supplyType,
    },
  });
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<{ field?: string; text: string }>();
  const message = (key: string | undefined) => (key && tv.has(key as 'taxRateRange') ? tv(key as 'taxRateRange') : undefined);

  const submit = form.handleSubmit(
    (input) => {
      setNotice('');
      setError(undefined);
      save.mutate(input, {
        onSuccess: () => setNotice(t('saved')),
        onError: (e) => {
          const failure = failureOf(e);
          setError({
            field: failure.field,
            text: message(failure.key) ?? (failure.status === 400 ? failure.message.replace(/^\w+: /, '') : t('saveFailed')),
          });
        },
      });
    },
    (errors) => {
      const field = FIELDS.find((name) => errors[name]);
      setNotice('');
      if (field) setError({ field, text: message(errors[field]?.message) ?? t('saveFailed') });
    },
  );
  const invalid = (field: Field) => (error?.field === field ? true : undefined);
  const described = (field: Field) => (error?.field === field ? `${id}-error` : undefined);

  return (
    <form className={styles.grid} onSubmit={submit} noValidate>
      <div className={ui.field}>
        <label htmlFor={`${id}-legal`}>{t('legalName')}</label>
        <input
          id={`${id}-legal`}
          className={ui.input}
          maxLength={120}
          {...form.register('legalName')}
          aria-invalid={invalid('legalName')}
          aria-describedby={described('legalName')}
        />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-address`}>{t('address')}</label>
        <textarea
          id={`${id}-address`}
          className={ui.input}
          rows={3}
          maxLength={400}
          {...form.register('address')}
          aria-invalid={invalid('address')}
          aria-describedby={described('address')}
        />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-tax`}>{t('taxNumber')}</label>
        <input
          id={`${id}-tax`}
          className={ui.input}
          autoCapitalize="characters"
          maxLength={20}
          {...form.register('taxNumber')}
          aria-invalid={invalid('taxNumber')}
          aria-describedby={described('taxNumber')}
        />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-rate`}>{t('taxRate')}</label>
        <input
          id={`${id}-rate`}
          className={ui.input}
          inputMode="decimal"
          {...form.register('taxRate')}
          aria-invalid={invalid('taxRate')}
          aria-describedby={described('taxRate')}
        />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-sac`}>{t('sacCode')}</label>
        <input
          id={`${id}-sac`}
          className={ui.input}
          inputMode="numeric"
          maxLength={8}
          {...form.register('sacCode')}
          aria-invalid={invalid('sacCode')}
          aria-describedby={described('sacCode')}
        />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-supply`}>{t('supplyType')}</label>
        <select id={`${id}-supply`} className={ui.input} {...form.register('supplyType')}>
          <option value="intra">{t('intra')}</option>
          <option value="inter">{t('inter')}</option>
        </select>
      </div>
      <p className={ui.hint}>{t('taxHint')}</p>
      {error ? (
        <p id={`${id}-error`} role="alert" className={ui.error}>
          {error.text}
        </p>
      ) : null}
      <p role="status" className={ui.hint}>
        {notice}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
