'use client';

import { useId, useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatDay } from '@/lib/partner/format';
import { RIDE_STATUSES } from '@/lib/booking/vocabulary';
import { addDays } from '@/lib/partner/dates';
import { localDate } from '@/lib/time/zoned';
import { useLiveRides } from '@/components/data/ride-events';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import { PartnerRideCard } from './partner-ride-card';
import { RidesTable, type SortState } from './rides-table';
import { RideActionDialog } from './ride-action-dialog';
import { ridesExportPath } from './api';
import { usePartnerBoard } from './queries';
import { useWideScreen } from './use-wide-screen';
import { useSearchParam } from '@/components/ui/use-search-param';
import type { ActionKind, PartnerRide } from './types';
import styles from './rides.module.css';

const TABS = ['all', ...RIDE_STATUSES] as const;
type Tab = (typeof TABS)[number];
const PRESETS = ['today', 'tomorrow', 'next7', 'last7', 'last30'] as const;
type Preset = (typeof PRESETS)[number];

function presetRange(preset: Preset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow':
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case 'next7':
      return { from: today, to: addDays(today, 6) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}

/**
 * The board: rides by pickup date range in the operator's zone (Today first),
 * in pickup order, page after page; status tabs with the range's counts; the
 * next hour's pickups without a driver called out; a sortable table on wide
 * screens and cards on phones; live updates; CSV export of the range.
 * `?q=` starts it searched for one ride.
 */
export function RidesScreen({ timeZone }: { timeZone: string }) {
  const t = useTranslations('PartnerRides');
  const tb = useTranslations('Board');
  const tErrors = useTranslations('Overview.errors');
  const to = useTranslations('Overview');
  const id = useId();
  const locale = useLocale();
  const today = useMemo(() => localDate(new Date(), timeZone), [timeZone]);
  const [range, setRange] = useState(() => ({ from: today, to: today }));
  const [draft, setDraft] = useState(range);
  const [tab, setTab] = useState<Tab>('all');
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const [sort, setSort] = useState<SortState>({ key: 'pickup', direction: 'asc' });
  const [action, setAction] = useState<{ ride: PartnerRide; kind: ActionKind } | null>(null);
  const [status, setStatus] = useState('');
  const wide = useWideScreen();
  // ?q={ride} (a ride event's link, a ride notification) opens the board searched for that ride, whatever its date
  const linked = useSearchParam('q')?.replace(/^#/, '');
  const [linkedShown, setLinkedShown] = useState<string>();
  if (linked && /^\d{1,9}$/.test(linked) && linked !== linkedShown) {
    setLinkedShown(linked);
    setQuery(linked);
    setApplied(linked);
  }

  // The server sorts the whole range (every page), whichever column is chosen.
  const filter = { status: tab, from: range.from, to: range.to, sort: sort.key, order: sort.direction, ...(applied ? { q: applied } : {}) };
  const board = usePartnerBoard(filter);
  useLiveRides();
  const first = board.data?.pages[0] ?? null;
  const rides = useMemo(() => board.data?.pages.flatMap((page) => page.rides) ?? [], [board.data]);
  const loading = board.isPending || (board.isFetching && !board.isFetchingNextPage);
  const failure = board.error ? failureOf(board.error) : null;
  const rangeProblem = failure?.key && tErrors.has(failure.key as never) ? tErrors(failure.key as never) : failure ? tb('loadError') : null;
  const load = () => void board.refetch();
  const counts = first?.counts;
  const rangeLabel =
    range.from === range.to ? formatDay(range.from, locale) : to('range', { from: formatDay(range.from, locale), to: formatDay(range.to, locale) });
  const exportStatus = tab === 'all' ? tb('allStatuses') : t(`tabs.${tab}`);

  return (
    <section aria-labelledby={`${id}-title`} className={styles.screen}>
      <h1 id={`${id}-title`}>{t('title')}</h1>
      <form
        className={styles.rangeBar}
        aria-label={tb('rangeLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          setRange(draft);
        }}
      >
        <div className={styles.presets} role="group" aria-label={tb('presetsLabel')}>
          {PRESETS.map((preset) => {
            const value = presetRange(preset, today);
            const active = value.from === range.from && value.to === range.to;
            return (
              <button
                key={preset}
                type="button"
                aria-pressed={active}
                className={styles.tab}
                onClick={() => {
                  setRange(value);
                  setDraft(value);
                }}
              >
                {preset === 'today' ? to('filters.today') : tb(`presets.${preset}`)}
              </button>
            );
          })}
        </div>
        <label htmlFor={`${id}-from`}>{to('from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          className={styles.dateInput}
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          required
        />
        <label htmlFor={`${id}-to`}>{to('to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          className={styles.dateInput}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          required
        />
        <button type="submit" className={`${ui.button} ${ui.secondary} ${styles.tool}`}>
          {tb('show')}
        </button>
      </form>
      <div className={styles.toolbar}>
        <form
          role="search"
          className={styles.search}
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(query.trim());
          }}
        >
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {t('search')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            inputMode="numeric"
            placeholder={t('search')}
            value={query}
            onChange={(e) => setQuery(e.target.value.replace(/[^\d#]/g, ''))}
            className={styles.searchInput}
          />
          <button type="submit" className={`${ui.button} ${ui.secondary} ${styles.tool}`}>
            {t('searchButton')}
          </button>
        </form>
        <button type="button" className={`${ui.button} ${ui.secondary} ${styles.tool}`} onClick={load}>
          {t('refresh')}
        </button>
        <a className={`${ui.button} ${ui.secondary} ${styles.tool}`} href={ridesExportPath({ status: tab, from: range.from, to: range.to })} download>
          {t('export')} <span className={styles.exportFilter}>{tb('exportFilter', { range: rangeLabel, status: exportStatus })}</span>
        </a>
      </div>
      <div role="tablist" aria-label={t('tabsLabel')} className={styles.tabs}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            className={styles.tab}
            onClick={() => setTab(key)}
          >
            {t('tabCount', { label: t(`tabs.${key}`), count: counts?.[key] ?? 0 })}
          </button>
        ))}
      </div>
      <p className={styles.rangeSummary}>
        <span>{tb('showing', { range: rangeLabel, count: counts?.all ?? 0 })}</span> <span className={styles.zone}>{tb('zone', { zone: timeZone })}</span>
      </p>
      {first && first.unassignedSoon > 0 ? (
        <p className={styles.soonBanner} role="status">
          {tb('unassignedSoon', { count: first.unassignedSoon })}
        </p>
      ) : null}
      {rangeProblem ? (
        <p role="alert" className={styles.rangeError}>
          {rangeProblem}
        </p>
      ) : null}
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <div id={`${id}-panel`} role="tabpanel" aria-busy={loading} aria-labelledby={`${id}-title`} className={wide ? styles.tablePanel : styles.list}>
        {loading && !first ? <p>{t('loading')}</p> : null}
        {first && !rides.length ? (
          <div className={styles.empty}>
            <p>{t('empty')}</p>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={load}>
              {t('refresh')}
            </button>
          </div>
        ) : null}
        {rides.length && wide ? (
          <RidesTable
            rides={rides}
            timeZone={timeZone}
            sort={sort}
            onSort={setSort}
            onAction={(r, kind) => setAction({ ride: r, kind })}
            caption={`${tb('rangeLabel')}: ${rangeLabel}`}
          />
        ) : null}
        {rides.length && !wide
          ? rides.map((ride) => <PartnerRideCard key={ride.id} ride={ride} timeZone={timeZone} onAction={(r, kind) => setAction({ ride: r, kind })} />)
          : null}
      </div>
      {board.hasNextPage ? (
        <div className={styles.more}>
          <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={board.isFetchingNextPage} onClick={() => void board.fetchNextPage()}>
            {board.isFetchingNextPage
              ? t('loading')
              : tb('loadMore', { shown: rides.length, total: tab === 'all' ? (counts?.all ?? 0) : (counts?.[tab] ?? 0) })}
          </button>
        </div>
      ) : null}
      {action ? (
        <RideActionDialog
          ride={action.ride}
          kind={action.kind}
          timeZone={timeZone}
          onClose={() => setAction(null)}
          onDone={() => {
            setStatus(
              t('done', {
                id: action.ride.id,
                status: t(
                  `tabs.${action.kind === 'accept' || action.kind === 'reassign' ? 'accepted' : action.kind === 'decline' ? 'cancelled' : action.kind === 'start' ? 'ontrip' : 'completed'}`,
                ),
              }),
            );
            setAction(null);
          }}
        />
      ) : null}
    </section>
  );
}
