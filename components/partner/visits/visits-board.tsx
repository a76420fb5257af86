'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { DateFilter } from '@/lib/partner/dates';
import { formatDay } from '@/lib/partner/format';
import type { CountRow, KnownVisitorRow, VisitsReport } from '@/lib/tracking/report';
import { formatDateTime } from '@/lib/i18n/format';
import { PhoneNumber } from '@/components/ui/phone-link';
import { LeadsTable } from '@/components/leads/leads-table';
import { loadStatus } from '@/components/data/query-status';
import { useVisits } from '../queries';
import ui from '@/components/ui/ui.module.css';
import { DateFilterBar, selectionQuery, type DateSelection } from '../overview/date-filter';
import { LoadState } from '../overview/load-state';
import table from '../customers/table.module.css';
import screen from '../overview/screen.module.css';

type Report = VisitsReport & { filter: DateFilter; from: string; to: string };
const TOTALS = ['views', 'visitors', 'leads'] as const;

function CountTable({ title, label, rows, name }: { title: string; label: string; rows: CountRow[]; name: (label: string) => string }) {
  const t = useTranslations('Visits');
  const locale = useLocale();
  const count = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  return (
    <section className={screen.field} aria-label={title}>
      <h2>{title}</h2>
      {rows.length ? (
        <div className={table.scroller}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">{label}</th>
                <th scope="col" className={table.number}>
                  {t('visitors')}
                </th>
                <th scope="col" className={table.number}>
                  {t('views')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{name(row.label)}</th>
                  <td className={table.number}>{count.format(row.visitors)}</td>
                  <td className={table.number}>{count.format(row.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={screen.muted}>{t('noData')}</p>
      )}
    </section>
  );
}

/** Signed-in riders' visits with their phone and last pickup address (docs/requirements/rider.md#visitor-tracking), last seen first. */
function KnownVisitors({ rows, timeZone }: { rows: KnownVisitorRow[]; timeZone: string }) {
  const t = useTranslations('Visits');
  const locale = useLocale();
  const count = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  return (
    <section className={screen.field} aria-label={t('knownTitle')}>
      <h2>{t('knownTitle')}</h2>
      {rows.length ? (
        <div className={table.scroller}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">{t('phone')}</th>
                <th scope="col">{t('address')}</th>
                <th scope="col" className={table.number}>
                  {t('views')}
                </th>
                <th scope="col">{t('lastSeen')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.phone}|${row.address}|${row.lastSeen}`}>
                  <th scope="row">{row.phone ? <PhoneNumber e164={row.phone} display={row.phone} /> : null}</th>
                  <td>{row.address}</td>
                  <td className={table.number}>{count.format(row.views)}</td>
                  <td className={table.nowrap}>{formatDateTime(row.lastSeen, locale, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={screen.muted}>{t('noKnown')}</p>
      )}
    </section>
  );
}

function ReportView({ data, timeZone }: { data: Report; timeZone: string }) {
  const t = useTranslations('Visits');
  const tl = useTranslations('Leads');
  const locale = useLocale();
  const count = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  const from = formatDay(data.from, locale);
  const to = formatDay(data.to, locale);
  const known = (group: 'sources' | 'devices', label: string) => {
    const key = `${group}.${label.replace(/[()]/g, '')}` as 'sources.direct';
    return t.has(key) ? t(key) : label;
  };
  return (
    <>
      <p className={screen.muted}>{data.from === data.to ? from : t('range', { from, to })}</p>
      <section aria-label={t('totalsTitle')}>
        <ul className={screen.counters}>
          {TOTALS.map((key) => (
            <li key={key} className={`${ui.card} ${screen.counter}`}>
              <h2 className={screen.muted}>{t(key)}</h2>
              <p className={screen.value}>{count.format(data.totals[key])}</p>
            </li>
          ))}
        </ul>
      </section>
      <CountTable title={t('pagesTitle')} label={t('page')} rows={data.pages} name={(label) => label} />
      <CountTable title={t('sourcesTitle')} label={t('source')} rows={data.sources} name={(label) => known('sources', label)} />
      <section className={screen.field} aria-label={t('campaignsTitle')}>
        <h2>{t('campaignsTitle')}</h2>
        {data.campaigns.length ? (
          <div className={table.scroller}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col">{t('campaign')}</th>
                  <th scope="col">{t('source')}</th>
                  <th scope="col">{t('medium')}</th>
                  <th scope="col" className={table.number}>
                    {t('visitors')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.campaigns.map((row) => (
                  <tr key={`${row.campaign}|${row.source}|${row.medium}`}>
                    <th scope="row">{row.campaign}</th>
                    <td>{row.source}</td>
                    <td>{row.medium}</td>
                    <td className={table.number}>{count.format(row.visitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={screen.muted}>{t('noCampaigns')}</p>
        )}
      </section>
      <CountTable title={t('devicesTitle')} label={t('device')} rows={data.devices} name={(label) => known('devices', label)} />
      <KnownVisitors rows={data.known} timeZone={timeZone} />
      <section className={screen.field} aria-label={tl('title')}>
        <h2>{tl('title')}</h2>
        <LeadsTable leads={data.leads} timeZone={timeZone} />
      </section>
    </>
  );
}

/** Visits, top pages, sources, campaigns, devices and leads for the overview's date filter, in the business's time zone. */
export function VisitsBoard({ timeZone }: { timeZone: string }) {
  const t = useTranslations('Visits');
  const [selection, setSelection] = useState<DateSelection>({ filter: 'today' });
  const query = useVisits(selectionQuery(selection, 'filter').toString());
  return (
    <>
      <DateFilterBar value={selection} onChange={setSelection} timeZone={timeZone} />
      {query.data ? (
        <ReportView data={query.data} timeZone={timeZone} />
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
