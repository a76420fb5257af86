'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import type { InvoiceSettingsData } from './api';
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

function Form({ initial }: { initial: InvoiceSettingsData }) {
  const t = useTranslations('InvoiceDetails');
  const tv = useTranslations('Validation');
  const id = useId();
  const save = useSaveInvoiceSettings();
  const [values, setValues] = useState({
    legalName: initial.legalName ?? '',
    address: initial.address ?? '',
    taxNumber: initial.taxNumber ?? '',
    taxRate: String(initial.taxRate),
    sacCode: initial.sacCode ?? '',
    supplyType: initial.supplyType,
  });
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<{ field?: string; text: string }>();
  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setNotice('');
    setError(undefined);
    save.mutate(
      {
        legalName: values.legalName,
        address: values.address,
        taxNumber: values.taxNumber,
        taxRate: Number(values.taxRate.replace(',', '.')),
        sacCode: values.sacCode,
        supplyType: values.supplyType,
      },
      {
        onSuccess: () => setNotice(t('saved')),
        onError: (e) => {
          const failure = failureOf(e);
          const key = failure.key as Parameters<typeof tv>[0] | undefined;
          setError({
            field: failure.field,
            text: key && tv.has(key) ? tv(key) : failure.status === 400 ? failure.message.replace(/^\w+: /, '') : t('saveFailed'),
          });
        },
      },
    );
  };
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
          value={values.legalName}
          onChange={set('legalName')}
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
          value={values.address}
          onChange={set('address')}
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
          value={values.taxNumber}
          onChange={set('taxNumber')}
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
          value={values.taxRate}
          onChange={set('taxRate')}
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
          value={values.sacCode}
          onChange={set('sacCode')}
          aria-invalid={invalid('sacCode')}
          aria-describedby={described('sacCode')}
        />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-supply`}>{t('supplyType')}</label>
        <select id={`${id}-supply`} className={ui.input} value={values.supplyType} onChange={set('supplyType')}>
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
