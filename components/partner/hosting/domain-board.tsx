'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import { loadStatus } from '@/components/data/query-status';
import { formatDateTime } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { LoadState } from '../overview/load-state';
import { useDomain, useDomainActions } from './api';
import styles from './hosting.module.css';

type ErrorKey = 'errors.generic';

/** Claim, DNS records, Verify and Remove; every refusal is shown in the console's language by its code. */
export function DomainBoard({ consoleOrigin }: { consoleOrigin: string }) {
  const t = useTranslations('DomainSettings');
  const locale = useLocale();
  const id = useId();
  const query = useDomain();
  const actions = useDomainActions();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; field: boolean } | null>(null);
  const data = query.data;
  const value = typed ?? data?.domain ?? '';
  const busy = actions.claim.isPending || actions.verify.isPending || actions.remove.isPending;

  const explain = (failure: unknown, field = true) => {
    const f = failureOf(failure);
    const code = f.key ?? f.code;
    setError({ text: t.has(`errors.${code}` as ErrorKey) ? t(`errors.${code}` as ErrorKey) : t('errors.generic'), field });
  };
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    await work().then(
      () => setTyped(null),
      (failure: unknown) => explain(failure),
    );
  };

  if (!data)
    return (
      <LoadState
        status={loadStatus(query) === 'error' ? 'error' : 'loading'}
        loading={t('loading')}
        error={t('loadError')}
        retry={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  const errorId = `${id}-error`;
  return (
    <>
      <form
        className={styles.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => actions.claim.mutateAsync(value));
        }}
      >
        <div className={styles.row}>
          <div className={`${screen.field} ${styles.grow}`}>
            <label htmlFor={`${id}-domain`}>{t('domainLabel')}</label>
            <input
              id={`${id}-domain`}
              className={screen.control}
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="cabs.example"
              value={value}
              maxLength={253}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={error?.field ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy || !value.trim() || value.trim() === data.domain}>
            {actions.claim.isPending ? t('saving') : t('save')}
          </button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className={screen.error}>
            {error.text}
          </p>
        ) : null}
        <p className={screen.muted}>{t('consoleNote', { consoleUrl: consoleOrigin })}</p>
      </form>

      {data.domain ? (
        <section className={styles.card} aria-labelledby={`${id}-records`}>
          <h2 id={`${id}-records`}>{t('recordsTitle')}</h2>
          <table className={styles.records}>
            <thead>
              <tr>
                <th scope="col">{t('recordType')}</th>
                <th scope="col">{t('recordName')}</th>
                <th scope="col">{t('recordValue')}</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((record) => (
                <tr key={record.type}>
                  <td>{record.type}</td>
                  <td>
                    <code>{record.name}</code>
                  </td>
                  <td>
                    <code>{record.value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={screen.muted}>{t('cnameHint')}</p>
          <p role="status" className={data.verified ? styles.ok : undefined}>
            {data.verified ? t('verified', { domain: data.domain }) : t('pending')}
          </p>
          {data.checkedAt && !data.verified && data.lastError ? (
            <p className={styles.bad}>
              {t('lastChecked', { time: formatDateTime(data.checkedAt, locale) })}:{' '}
              {t.has(`errors.dns_${data.lastError}` as ErrorKey) ? t(`errors.dns_${data.lastError}` as ErrorKey) : t('errors.generic')}
            </p>
          ) : null}
          {data.live && data.live !== data.domain ? <p>{t('live', { domain: data.live })}</p> : null}
          <div className={styles.row}>
            <button type="button" className={`${ui.button} ${ui.primary}`} disabled={busy} onClick={() => void run(() => actions.verify.mutateAsync())}>
              {actions.verify.isPending ? t('verifying') : t('verify')}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={busy} onClick={() => void run(() => actions.remove.mutateAsync())}>
              {t('remove')}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
