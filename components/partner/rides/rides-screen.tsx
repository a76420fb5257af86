'use client';

import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { apiCall } from '@/lib/api/client';
import { RIDE_STATUSES } from '@/lib/db/schema/rides';
import { useRideEvents } from '@/components/ui/use-ride-events';
import ui from '@/components/ui/ui.module.css';
import { PartnerRideCard } from './partner-ride-card';
import { RideActionDialog } from './ride-action-dialog';
import type { ActionKind, PartnerRide, RidesAnswer } from './types';
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
  const [data, setData] = useState<RidesAnswer['data'] | null>(null);
  const [loading, setLoading] = useState(true);
  const [action, setAction] = useState<{ ride: PartnerRide; kind: ActionKind } | null>(null);
  const [status, setStatus] = useState('');

  const params = new URLSearchParams({ status: tab, ...(applied ? { q: applied } : {}) }).toString();
  const load = useCallback(async () => {
    setLoading(true);
    const result = await apiCall<RidesAnswer>(`/api/partner/rides?${params}`);
    setLoading(false);
    if (result.ok) setData(result.data.data);
    else console.warn('ride fetch error', result.error.message);
  }, [params]);

  useEffect(() => {
    // Loads on mount and whenever the tab or the search changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);
  useRideEvents(() => void load());

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
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void load()}>{t('refresh')}</button>
        <a className={`${ui.button} ${ui.secondary}`} href={`/api/partner/rides/export?${params}`} download>{t('export')}</a>
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
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void load()}>{t('refresh')}</button>
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
            setStatus(t('done', { id: action.ride.id, status: t(`tabs.${action.kind === 'accept' ? 'accepted' : action.kind === 'decline' ? 'cancelled' : action.kind === 'start' ? 'ontrip' : 'completed'}`) }));
            setAction(null);
            void load();
          }}
        />
      ) : null}
    </section>
  );
}
