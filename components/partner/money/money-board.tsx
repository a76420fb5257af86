'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { loadStatus } from '@/components/data/query-status';
import ui from '@/components/ui/ui.module.css';
import { formatMoney } from '@/lib/i18n/format';
import { presetRange } from '@/lib/partner/dates';
import { localDate } from '@/lib/time/zoned';
import { RIDE_CATEGORIES } from '@/lib/money/reconciliation-categories';
import { usePartnerMoney } from '../queries';
import { DateFilterBar, type DateSelection } from '../overview/date-filter';
import { LoadState } from '../overview/load-state';
import table from '../customers/table.module.css';
import styles from '../overview/screen.module.css';
import money from './money.module.css';

/** The local dates of a selection (a preset resolved on the operator's today, this week and month whole). */
function datesOf(selection: DateSelection, timeZone: string): { from: string; to: string } {
  if (selection.filter === 'custom' && selection.from && selection.to) return { from: selection.from, to: selection.to };
  return presetRange(selection.filter === 'custom' ? 'thisMonth' : selection.filter, localDate(new Date(), timeZone), true);
}

/** The category table (rides, ledger, difference), the reconciliation status, the differences by ride and the CSV of the range. */
export function MoneyBoard({ timeZone }: { timeZone: string }) {
  const t = useTranslations('Reconciliation');
  const locale = useLocale();
  const [selection, setSelection] = useState<DateSelection>({ filter: 'thisMonth' });
  const range = datesOf(selection, timeZone);
  const query = new URLSearchParams(range).toString();
  const report = usePartnerMoney(query);

  const body = () => {
    if (!report.data)
      return (
        <LoadState
          status={loadStatus(report) === 'error' ? 'error' : 'loading'}
          loading={t('loading')}
          error={t('loadError')}
          retry={t('retry')}
          onRetry={() => void report.refetch()}
        />
      );
    const data = report.data;
    const amount = (minor: number) => formatMoney(minor, data.currency, locale);
    const count = data.differences.length;
    return (
      <>
        <p role="status" className={`${money.status} ${count ? money.bad : money.ok}`}>
          {count ? t('differencesCount', { count }) : t('reconciles')}
        </p>
        <div className={table.scroller}>
          <table className={`${table.table} ${money.stacked}`}>
            <caption>{t('categoriesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('category')}</th>
                <th scope="col" className={table.number}>
                  {t('fromRides')}
                </th>
                <th scope="col" className={table.number}>
                  {t('fromLedger')}
                </th>
                <th scope="col" className={table.number}>
                  {t('difference')}
                </th>
              </tr>
            </thead>
            <tbody>
              {RIDE_CATEGORIES.map((category) => (
                <tr key={category}>
                  <th scope="row">{t(`categories.${category}`)}</th>
                  <td data-label={t('fromRides')} className={table.number}>
                    {amount(data.rides[category])}
                  </td>
                  <td data-label={t('fromLedger')} className={table.number}>
                    {amount(data.ledger[category])}
                  </td>
                  <td data-label={t('difference')} className={table.number}>
                    {amount(data.ledger[category] - data.rides[category])}
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t('payouts')}</th>
                <td data-label={t('fromRides')} className={table.number}>
                  –
                </td>
                <td data-label={t('fromLedger')} className={table.number}>
                  {amount(data.payouts)}
                </td>
                <td data-label={t('difference')} className={table.number}>
                  –
                </td>
              </tr>
              <tr>
                <th scope="row">{t('settlements')}</th>
                <td data-label={t('fromRides')} className={table.number}>
                  –
                </td>
                <td data-label={t('fromLedger')} className={table.number}>
                  {amount(data.settlements)}
                </td>
                <td data-label={t('difference')} className={table.number}>
                  –
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        {count ? (
          <div className={table.scroller}>
            <table className={`${table.table} ${money.stacked}`}>
              <caption>{t('differencesTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ride')}</th>
                  <th scope="col">{t('category')}</th>
                  <th scope="col" className={table.number}>
                    {t('fromRides')}
                  </th>
                  <th scope="col" className={table.number}>
                    {t('fromLedger')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.differences.map((d) => (
                  <tr key={`${d.rideNumber}-${d.category}`}>
                    <th scope="row">{t('rideNumber', { number: d.rideNumber })}</th>
                    <td data-label={t('category')}>{t(`categories.${d.category}`)}</td>
                    <td data-label={t('fromRides')} className={table.number}>
                      {amount(d.expected)}
                    </td>
                    <td data-label={t('fromLedger')} className={table.number}>
                      {amount(d.ledger)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </>
    );
  };

  return (
    <section className={styles.screen} aria-label={t('title')}>
      <div className={money.toolbar}>
        {/* custom dates may run past today: a ride booked ahead and cancelled already has its fee and refunds */}
        <DateFilterBar value={selection} timeZone={timeZone} onChange={setSelection} future />
        <a className={`${ui.button} ${ui.secondary}`} href={`/api/partner/money/export?${query}`} download>
          {t('download')}
        </a>
      </div>
      {body()}
    </section>
  );
}
