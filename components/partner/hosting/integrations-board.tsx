'use client';

import { useId, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import { loadStatus } from '@/components/data/query-status';
import { formatDateTime } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { LoadState } from '../overview/load-state';
import { useIntegrationActions, useIntegrations, type IntegrationsData } from './api';
import styles from './hosting.module.css';

type Kind = 'whatsapp' | 'payu' | 'flights';
type ErrorKey = 'errors.generic';
/** A text field, a secret (password field, empty keeps the stored one) or a choice among `options`. */
type FieldSpec = { name: string; label: string; secret?: boolean; stored?: string; inputMode?: 'numeric'; options?: { value: string; label: string }[] };

/** Flight-status services by their brand names (not translated). */
const FLIGHT_PROVIDERS = [
  { value: 'aerodatabox', label: 'AeroDataBox' },
  { value: 'flightaware', label: 'FlightAware AeroAPI' },
];
type Failure = { field?: string; text: string };

/** One service's form: its fields (secrets as password fields, empty keeps the stored one), Save, Test connection, Disconnect. */
function ServiceCard({
  kind,
  title,
  fields,
  initial,
  connected,
  tested,
  extra,
  onSave,
}: {
  kind: Kind;
  title: string;
  fields: FieldSpec[];
  initial: Record<string, string>;
  connected: boolean;
  tested: { at: string | null; result: string | null };
  extra?: ReactNode;
  onSave: (values: Record<string, string>) => Promise<unknown>;
}) {
  const t = useTranslations('Integrations');
  const locale = useLocale();
  const id = useId();
  const actions = useIntegrationActions();
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = saving || actions.test.isPending || actions.remove.isPending;

  const explain = (error: unknown) => {
    const f = failureOf(error);
    const code = f.key ?? f.code;
    setFailure({ field: f.field, text: t.has(`errors.${code}` as ErrorKey) ? t(`errors.${code}` as ErrorKey) : t('errors.generic') });
  };

  const testOutcome = actions.test.variables === kind ? actions.test.data : undefined;
  return (
    <form
      className={styles.card}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        setNotice(null);
        setSaving(true);
        await onSave(values).then(() => {
          setNotice(t('saved'));
          setValues((v) => Object.fromEntries(Object.entries(v).map(([k, val]) => [k, fields.find((f) => f.name === k)?.secret ? '' : val])));
        }, explain);
        setSaving(false);
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {!connected ? <p className={screen.muted}>{t('notConnected')}</p> : null}
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const invalid = failure?.field === field.name;
        return (
          <div key={field.name} className={screen.field}>
            <label htmlFor={inputId}>{field.label}</label>
            {field.options ? (
              <select
                id={inputId}
                className={screen.control}
                value={values[field.name] ?? ''}
                onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
                aria-invalid={invalid ? true : undefined}
              >
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                className={screen.control}
                type={field.secret ? 'password' : 'text'}
                autoComplete="off"
                spellCheck={false}
                inputMode={field.inputMode}
                value={values[field.name] ?? ''}
                onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={field.stored ? `${inputId}-hint` : undefined}
              />
            )}
            {field.stored ? (
              <p id={`${inputId}-hint`} className={screen.muted}>
                {t('keepHint', { masked: field.stored })}
              </p>
            ) : null}
          </div>
        );
      })}
      {extra}
      {failure ? (
        <p role="alert" className={screen.error}>
          {failure.text}
        </p>
      ) : null}
      <p role="status">{notice ?? ''}</p>
      {tested.at && !testOutcome ? (
        <p className={tested.result?.startsWith('ok') ? styles.ok : styles.bad}>
          {t('lastTest', { time: formatDateTime(tested.at, locale) })} {tested.result?.replace(/^(ok|failed): /, '')}
        </p>
      ) : null}
      {testOutcome ? (
        <p role="status" className={testOutcome.ok ? styles.ok : styles.bad}>
          {testOutcome.ok ? t('testOk') : t('testFailed')}: {testOutcome.message}
        </p>
      ) : null}
      <div className={styles.row}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
          {saving ? t('saving') : t('save')}
        </button>
        {connected ? (
          <>
            <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={busy} onClick={() => void actions.test.mutateAsync(kind).catch(explain)}>
              {actions.test.isPending && actions.test.variables === kind ? t('testing') : t('test')}
            </button>
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              disabled={busy}
              onClick={() => void actions.remove.mutateAsync(kind).catch(explain)}
            >
              {t('disconnect')}
            </button>
          </>
        ) : null}
      </div>
    </form>
  );
}

function Boards({ data, webhookUrl }: { data: IntegrationsData; webhookUrl: string }) {
  const t = useTranslations('Integrations');
  const actions = useIntegrationActions();
  const wa = data.whatsapp;
  const payu = data.payu;
  const flights = data.flights;
  return (
    <>
      {data.developmentKey ? (
        <p role="note" className={styles.note}>
          {t('devKey')}
        </p>
      ) : null}
      <ServiceCard
        key={`wa-${wa?.phoneNumberId ?? ''}`}
        kind="whatsapp"
        title={t('whatsappTitle')}
        connected={Boolean(wa)}
        initial={{ phoneNumberId: wa?.phoneNumberId ?? '', accessToken: '', appSecret: '' }}
        tested={{ at: wa?.testedAt ?? null, result: wa?.testResult ?? null }}
        fields={[
          { name: 'phoneNumberId', label: t('phoneNumberId'), inputMode: 'numeric' },
          { name: 'accessToken', label: t('accessToken'), secret: true, stored: wa?.accessToken },
          { name: 'appSecret', label: t('appSecret'), secret: true, stored: wa?.appSecret },
        ]}
        extra={
          wa ? (
            <dl>
              <dt>{t('webhookUrl')}</dt>
              <dd className={styles.code}>{webhookUrl}</dd>
              <dt>{t('verifyToken')}</dt>
              <dd className={styles.code}>{wa.verifyToken}</dd>
            </dl>
          ) : null
        }
        onSave={(v) => actions.saveWhatsApp.mutateAsync({ phoneNumberId: v.phoneNumberId, accessToken: v.accessToken, appSecret: v.appSecret })}
      />
      <ServiceCard
        key={`payu-${payu?.merchantKey ?? ''}`}
        kind="payu"
        title={t('payuTitle')}
        connected={Boolean(payu)}
        initial={{ merchantKey: payu?.merchantKey ?? '', salt: '' }}
        tested={{ at: payu?.testedAt ?? null, result: payu?.testResult ?? null }}
        fields={[
          { name: 'merchantKey', label: t('merchantKey') },
          { name: 'salt', label: t('salt'), secret: true, stored: payu?.salt },
        ]}
        onSave={(v) => actions.savePayu.mutateAsync({ merchantKey: v.merchantKey, salt: v.salt })}
      />
      <ServiceCard
        key={`flights-${flights?.provider ?? ''}`}
        kind="flights"
        title={t('flightsTitle')}
        connected={Boolean(flights)}
        initial={{ provider: flights?.provider ?? 'aerodatabox', apiKey: '' }}
        tested={{ at: flights?.testedAt ?? null, result: flights?.testResult ?? null }}
        fields={[
          { name: 'provider', label: t('flightProvider'), options: FLIGHT_PROVIDERS },
          { name: 'apiKey', label: t('flightApiKey'), secret: true, stored: flights?.apiKey },
        ]}
        extra={<p className={screen.muted}>{t('flightsHint')}</p>}
        onSave={(v) => actions.saveFlights.mutateAsync({ provider: v.provider as 'aerodatabox' | 'flightaware', apiKey: v.apiKey })}
      />
    </>
  );
}

/** The operator's own WhatsApp number, PayU account and flight-status service: saved secrets come back masked, each with Test connection. */
export function IntegrationsBoard({ webhookUrl }: { webhookUrl: string }) {
  const t = useTranslations('Integrations');
  const query = useIntegrations();
  if (!query.data)
    return (
      <LoadState
        status={loadStatus(query) === 'error' ? 'error' : 'loading'}
        loading={t('loading')}
        error={t('loadError')}
        retry={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  return <Boards data={query.data} webhookUrl={webhookUrl} />;
}
