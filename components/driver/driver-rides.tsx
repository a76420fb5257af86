'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { DriverRide } from '@/lib/driver/rides';
import { formatTime } from '@/lib/i18n/format';
import { useApiData } from '@/components/rider/use-api-data';
import { useRideEvents } from '@/components/ui/use-ride-events';
import ui from '@/components/ui/ui.module.css';
import { DriverRideCard } from './driver-ride-card';
import { useShareLocation, type SharingState } from './use-share-location';
import styles from './driver.module.css';

export type DriverView = 'home' | 'rides';

const isLive = (ride: DriverRide) => ride.status === 'accepted' || ride.status === 'ontrip';

function LocationStatus({ state }: { state: SharingState }) {
  const t = useTranslations('DriverApp');
  const locale = useLocale();
  return (
    <div role="status" className={styles.location} data-status={state.status}>
      <p>{state.status === 'refused' ? t('location.refused', { reason: state.reason ?? '' }) : t(`location.${state.status}`)}</p>
      {state.status === 'sharing' && state.sentAt ? <p className={styles.muted}>{t('location.lastSent', { time: formatTime(state.sentAt, locale) })}</p> : null}
    </div>
  );
}

/**
 * The signed-in driver's rides (home: accepted and on trip; rides: also the
 * finished ones of 30 days), updated live, sharing the phone's location while
 * any ride is accepted or on trip.
 */
export function DriverRides({ view, timeZone }: { view: DriverView; timeZone: string }) {
  const t = useTranslations('DriverApp');
  const { state, reload, refresh, update } = useApiData<DriverRide[]>(`/api/driver/rides?scope=${view === 'home' ? 'active' : 'recent'}`);
  useRideEvents(refresh);
  const [notice, setNotice] = useState('');
  const rides = state.status === 'ready' ? state.data : [];
  const sharing = useShareLocation(rides.some(isLive));

  const onChanged = (ride: DriverRide, text: string) => {
    update((list) => (view === 'home' && !isLive(ride) ? list.filter((r) => r.id !== ride.id) : list.map((r) => (r.id === ride.id ? ride : r))));
    setNotice(text);
  };

  return (
    <>
      <LocationStatus state={sharing} />
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {state.status === 'loading' ? (
        <p role="status" aria-busy="true" className={styles.muted}>
          {t('loading')}
        </p>
      ) : null}
      {state.status === 'error' ? (
        <div role="alert">
          <p className={styles.error}>{t('loadError')}</p>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={reload}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && !rides.length ? <p className={styles.muted}>{t(view === 'home' ? 'emptyActive' : 'emptyRecent')}</p> : null}
      {rides.length ? (
        <ul className={styles.list}>
          {rides.map((ride) => (
            <li key={ride.id}>
              <DriverRideCard ride={ride} timeZone={timeZone} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
