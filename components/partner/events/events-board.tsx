'use client';

import { useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { RideEventRow } from '@/lib/partner/events';
import { EVENT_PAGE_SIZE, EVENT_WINDOWS, PAGE_SIZES, type EventWindow } from '@/lib/partner/schemas';
import { formatTime } from '@/lib/i18n/format';
import { formatInstantDay } from '@/lib/partner/format';
import { loadStatus } from '@/components/data/query-status';
import { useRideEventLog } from '../queries';
import ui from '@/components/ui/ui.module.css';
import { LoadState } from '../overview/load-state';
import { Paginator } from '../customers/paginator';
import table from '../customers/table.module.css';
import screen from '../overview/screen.module.css';

type Filter = { window: EventWindow; rideId: string };
const WINDOW_LABEL = { '30': 'last30', '60': 'last60', today: 'today' } as const satisfies Record<EventWindow, string>;
const RIDE_ID = /^#?\d{0,9}$/;

/** Search by ride Id, time filter and Apply, then the event table (docs/requirements/partner.md#ride-events). */
export function EventsBoard({ timeZone }: { timeZone: string }) {
  const t = useTranslations('RideEvents');
  const id = useId();
  const [draft, setDraft] = useState<Filter>({ window: 'today', rideId: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  const [paging, setPaging] = useState({ page: 0, size: EVENT_PAGE_SIZE });
  const invalid = !RIDE_ID.test(draft.rideId.trim());
  const params = new URLSearchParams({ window: filter.window, rideId: filter.rideId, page: String(paging.page), size: String(paging.size) });
  const events = useRideEventLog(params.toString());

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    setFilter({ ...draft, rideId: draft.rideId.trim() });
    setPaging((p) => ({ ...p, page: 0 }));
  };

  return (
    <>
      <form className={screen.toolbar} role="search" noValidate onSubmit={apply}>
        <div className={`${screen.field} ${screen.grow}`}>
          <label htmlFor={`${id}-ride`}>{t('searchLabel')}</label>
          <input
            id={`${id}-ride`}
            type="search"
            inputMode="numeric"
            className={screen.control}
            placeholder={t('searchPlaceholder')}
            value={draft.rideId}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-ride-error` : undefined}
            onChange={(event) => setDraft((d) => ({ ...d, rideId: event.target.value }))}
          />
        </div>
        <div className={screen.field}>
          <label htmlFor={`${id}-window`}>{t('timeLabel')}</label>
          <select
            id={`${id}-window`}
            className={screen.control}
            value={draft.window}
            onChange={(event) => setDraft((d) => ({ ...d, window: event.target.value as EventWindow }))}
          >
            {EVENT_WINDOWS.map((window) => (
              <option key={window} value={window}>
                {t(`windows.${WINDOW_LABEL[window]}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={invalid}>
          {t('apply')}
        </button>
        {invalid ? (
          <p id={`${id}-ride-error`} className={screen.error}>
            {t('rideIdInvalid')}
          </p>
        ) : null}
      </form>
      {events.data ? (
        <>
          <EventTable rows={events.data.items} timeZone={timeZone} />
          <Paginator
            page={events.data.page}
            size={events.data.size}
            total={events.data.total}
            sizes={PAGE_SIZES}
            onPage={(page) => setPaging((p) => ({ ...p, page }))}
            onSize={(size) => setPaging({ page: 0, size })}
          />
        </>
      ) : (
        <LoadState
          status={loadStatus(events) === 'error' ? 'error' : 'loading'}
          loading={t('loading')}
          error={t('loadError')}
          retry={t('retry')}
          onRetry={() => void events.refetch()}
        />
      )}
    </>
  );
}

function EventTable({ rows, timeZone }: { rows: RideEventRow[]; timeZone: string }) {
  const t = useTranslations('RideEvents');
  const locale = useLocale();
  if (!rows.length) return <p className={`${ui.card} ${screen.muted}`}>{t('empty')}</p>;
  const describe = (row: RideEventRow) => {
    if (!row.fromStatus) return row.dropoff ? t('created', { pickup: row.pickup, dropoff: row.dropoff }) : t('createdRental', { pickup: row.pickup });
    const change = t('change', { from: t(`statuses.${row.fromStatus}`), to: t(`statuses.${row.toStatus}`) });
    return row.note ? t('withReason', { change, reason: row.note }) : change;
  };
  return (
    <div className={table.scroller}>
      <table className={table.table}>
        <thead>
          <tr>
            <th scope="col">{t('columns.date')}</th>
            <th scope="col">{t('columns.label')}</th>
            <th scope="col">{t('columns.rideId')}</th>
            <th scope="col">{t('columns.events')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.rideId}-${row.toStatus}-${row.createdAt}-${index}`}>
              <td className={table.nowrap}>
                {t('dateTime', { date: formatInstantDay(row.createdAt, locale, timeZone), time: formatTime(row.createdAt, locale, timeZone) })}
              </td>
              <td>{t(`labels.${row.toStatus}`)}</td>
              <td className={table.nowrap}>{row.rideId}</td>
              <td>{describe(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
