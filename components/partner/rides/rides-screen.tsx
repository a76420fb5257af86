'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { RIDE_STATUSES } from '@/lib/booking/vocabulary';
import { useLiveRides } from '@/components/data/ride-events';
import ui from '@/components/ui/ui.module.css';
import { PartnerRideCard } from './partner-ride-card';
import { RideActionDialog } from './ride-action-dialog';
import { ridesExportPath } from './api';
import { usePartnerRides } from './queries';
import type { ActionKind, PartnerRide } from './types';
import styles from './rides.module.css';

const TABS = ['all', ...RIDE_STATUSES] as const;
type Tab = (typeof TABS)[number];

/** The console's rides: status tabs that filter, search by ride id, Refresh, CSV export, live updates and the actions. */
export function RidesScreen({ timeZone }: { timeZone: string }) {
  const t = useTranslations('PartnerRides');
  const id = useId();
  const [tab, setTab] = useState<Tab>('all');
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const [action, setAction] = useState<{ ride: PartnerRide; kind: ActionKind } | null>(null);
  const [status, setStatus] = useState('');

  const filter = { status: tab, ...(applied ? { q: applied } : {}) };
  // Read on mount and whenever the tab or the search changes; ride events keep it live.
  const rides = usePartnerRides(filter);
  useLiveRides();
  const data = rides.data ?? null;
  const loading = rides.isPending || rides.isFetching;
  const load = () => void rides.refetch();

  return (
    <section aria-labelledby={`${id}-title`} className={styles.screen}>
      <h1 id={`${id}-title`}>{t('title')}</h1>
      <div className={styles.toolbar}>
        <form
          role="search"
          className={styles.search}
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(query.trim());
          }}
        >
          <label htmlFor={`${id}-q`} className="visually-hidden">{t('search')}</label>
          <input id={`${id}-q`} type="search" inputMode="numeric" placeholder={t('search')} value={query} onChange={(e) => setQuery(e.target.value.replace(/[^\d#]/g, ''))} className={styles.searchInput} />
          <button type="submit" className={`${ui.button} ${ui.secondary}`}>{t('searchButton')}</button>
        </form>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={load}>{t('refresh')}</button>
        <a className={`${ui.button} ${ui.secondary}`} href={ridesExportPath(filter)} download>{t('export')}</a>
      </div>
      <div role="tablist" aria-label={t('tabsLabel')} className={styles.tabs}>
        {TABS.map((key) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} aria-controls={`${id}-panel`} className={styles.tab} onClick={() => setTab(key)}>
            {t('tabCount', { label: t(`tabs.${key}`), count: data?.counts[key] ?? 0 })}
          </button>
        ))}
      </div>
      <p role="status" className="visually-hidden">{status}</p>
      <div id={`${id}-panel`} role="tabpanel" aria-busy={loading} className={styles.list}>
        {loading && !data ? <p>{t('loading')}</p> : null}
        {data && !data.rides.length ? (
          <div className={styles.empty}>
            <p>{t('empty')}</p>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={load}>{t('refresh')}</button>
          </div>
        ) : null}
        {data?.rides.map((ride) => <PartnerRideCard key={ride.id} ride={ride} timeZone={timeZone} onAction={(r, kind) => setAction({ ride: r, kind })} />)}
      </div>
      {action ? (
        <RideActionDialog
          ride={action.ride}
          kind={action.kind}
          onClose={() => setAction(null)}
          onDone={() => {
            setStatus(t('done', { id: action.ride.id, status: t(`tabs.${action.kind === 'accept' || action.kind === 'reassign' ? 'accepted' : action.kind === 'decline' ? 'cancelled' : action.kind === 'start' ? 'ontrip' : 'completed'}`) }));
            setAction(null);
          }}
        />
      ) : null}
    </section>
  );
}
