'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import { loadStatus } from '@/components/data/query-status';
import { formatDateTime } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { LoadState } from '../overview/load-state';
import { ConfirmDialog } from '../fleet/confirm-dialog';
import { useDomain, useDomainActions } from './api';
import { DnsRecords } from './dns-records';
import styles from './hosting.module.css';

type ErrorKey = 'errors.generic';

/**
 * Claim, DNS records, Verify and Remove (asked first); every refusal is shown in the console's language by its code.
 * A failed DNS check is said once, under the records, and leaves the domain field unmarked
 * (docs/requirements/partner.md#settings-integrations-and-domain).
 */
export function DomainBoard({ consoleOrigin }: { consoleOrigin: string }) {
  const t = useTranslations('DomainSettings');
  const locale = useLocale();
  const id = useId();
  const query = useDomain();
  const actions = useDomainActions();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; field: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const data = query.data;
  const value = typed ?? data?.domain ?? '';
  const busy = actions.claim.isPending || actions.verify.isPending || actions.remove.isPending;

  const explain = (failure: unknown, field: boolean) => {
    const f = failureOf(failure);
    const code = f.key ?? f.code;
    // what the DNS answered is recorded on the claim and shown under the records (read again on failure)
    if (code.startsWith('dns_')) return;
    setError({ text: t.has(`errors.${code}` as ErrorKey) ? t(`errors.${code}` as ErrorKey) : t('errors.generic'), field });
  };
  /** `field`: a refusal of this action is about the typed domain (Save), not about the DNS or the server. */
  const run = async (work: () => Promise<unknown>, field = false) => {
    setError(null);
    await work().then(
      () => setTyped(null),
      (failure: unknown) => explain(failure, field),
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
          void run(() => actions.claim.mutateAsync(value), true);
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
          <DnsRecords records={data.records} />
          <p className={screen.muted}>{t('cnameHint')}</p>
          <p role="status" className={data.verified ? styles.ok : undefined}>
            {data.verified ? t('verified', { domain: data.domain }) : t('pending')}
          </p>
          {data.checkedAt && !data.verified && data.lastError ? (
            <p role="alert">
              {t('lastChecked', { time: formatDateTime(data.checkedAt, locale) })}:{' '}
              <span className={styles.bad}>
                {t.has(`errors.dns_${data.lastError}` as ErrorKey) ? t(`errors.dns_${data.lastError}` as ErrorKey) : t('errors.generic')}
              </span>
            </p>
          ) : null}
          {data.live && data.live !== data.domain ? <p>{t('live', { domain: data.live })}</p> : null}
          <div className={styles.row}>
            <button type="button" className={`${ui.button} ${ui.primary}`} disabled={busy} onClick={() => void run(() => actions.verify.mutateAsync())}>
              {actions.verify.isPending ? t('verifying') : t('verify')}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={busy} onClick={() => setConfirming(true)}>
              {t('remove')}
            </button>
          </div>
        </section>
      ) : null}
      {confirming && data.domain ? (
        <ConfirmDialog
          texts={{ title: t('removeTitle', { domain: data.domain }), body: t('removeBody'), confirm: t('remove'), cancel: t('keep') }}
          onConfirm={async () => {
            await run(() => actions.remove.mutateAsync());
            setConfirming(false);
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
