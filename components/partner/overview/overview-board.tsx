'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Overview } from '@/lib/partner/overview';
import { formatMoney } from '@/lib/i18n/format';
import { formatDay, formatPercentBps } from '@/lib/partner/format';
import { loadStatus } from '@/components/data/query-status';
import { useOverview } from '../queries';
import ui from '@/components/ui/ui.module.css';
import { DateFilterBar, selectionQuery, type DateSelection } from './date-filter';
import { LoadState } from './load-state';
import { RidesChart } from './rides-chart';
import styles from './screen.module.css';

/** All, then each status: the five statuses add up to All. */
const COUNTERS = ['all', 'booked', 'accepted', 'ontrip', 'cancelled', 'completed'] as const;

/** The overview's date filter, counters, revenue and commission, and the chart or the empty state. */
export function OverviewBoard({ timeZone }: { timeZone: string }) {
  const t = useTranslations('Overview');
  const [selection, setSelection] = useState<DateSelection>({ filter: 'today' });
  const query = useOverview(selectionQuery(selection, 'filter').toString());
  return (
    <>
      <DateFilterBar value={selection} onChange={setSelection} timeZone={timeZone} />
      {query.data ? (
        <OverviewResult data={query.data} />
      ) : (
        <LoadState
          status={loadStatus(query) === 'error' ? 'error' : 'loading'}
          loading={t('loading')}
          error={t('loadError')}
          retry={t('retry')}
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}

function OverviewResult({ data }: { data: Overview }) {
  const t = useTranslations('Overview');
  const locale = useLocale();
  const count = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  const from = formatDay(data.from, locale);
  const to = formatDay(data.to, locale);
  return (
    <>
      <p className={styles.muted}>{data.from === data.to ? from : t('range', { from, to })}</p>
      <section aria-label={t('countersTitle')}>
        <ul className={styles.counters}>
          {COUNTERS.map((key) => (
            <li key={key} className={`${ui.card} ${styles.counter}`}>
              <h2 className={styles.muted}>{t(key)}</h2>
              <p className={styles.value}>{count.format(data.counts[key])}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.money}>
        <section className={`${ui.card} ${styles.counter}`}>
          <h2 className={styles.muted}>{t('revenue')}</h2>
          <p className={styles.value}>{formatMoney(data.revenue, data.currency, locale)}</p>
          <p className={styles.muted}>{t('revenueHint')}</p>
        </section>
        <section className={`${ui.card} ${styles.counter}`}>
          <h2 className={styles.muted}>{t('commission')}</h2>
          <p className={styles.value}>{formatMoney(data.commission, data.currency, locale)}</p>
          <p className={styles.muted}>{t('commissionHint', { percent: formatPercentBps(data.commissionBps, locale) })}</p>
        </section>
      </div>
      {data.counts.all === 0 ? (
        <div className={`${ui.card} ${styles.empty}`}>
          <h2>{t('empty')}</h2>
          <p className={styles.muted}>{t('emptyHint')}</p>
        </div>
      ) : (
        <div className={ui.card}>
          <RidesChart series={data.series} bucket={data.bucket} currency={data.currency} from={data.from} to={data.to} />
        </div>
      )}
    </>
  );
}
