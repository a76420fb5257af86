'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { DriverRide } from '@/lib/driver/rides';
import { formatTime } from '@/lib/i18n/format';
import { loadStatus } from '@/components/data/query-status';
import { useLiveRides } from '@/components/data/ride-events';
import ui from '@/components/ui/ui.module.css';
import { DriverRideCard } from './driver-ride-card';
import { isLive, useAvailability, useDriverRides } from './queries';
import { DriverOfferPanel } from './offer-card';
import { useShareLocation, type SharingState } from './use-share-location';
import styles from './driver.module.css';

export type DriverView = 'home' | 'rides';

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
 * The signed-in driver's rides (home: accepted and on trip, and the ride
 * offered to them; rides: also the finished ones of 30 days), updated live,
 * sharing the phone's location while online or on a ride (the operator sees
 * it; the rider from when the driver sets off).
 */
export function DriverRides({ view, timeZone }: { view: DriverView; timeZone: string }) {
  const t = useTranslations('DriverApp');
  const query = useDriverRides(view === 'home' ? 'active' : 'recent');
  const status = loadStatus(query);
  useLiveRides();
  const [notice, setNotice] = useState('');
  const rides = status === 'ready' ? (query.data ?? []) : [];
  const online = useAvailability().data?.online ?? false;
  const sharing = useShareLocation(online || rides.some(isLive));

  const onChanged = (_ride: DriverRide, text: string) => setNotice(text);

  return (
    <>
      <LocationStatus state={sharing} />
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {view === 'home' ? <DriverOfferPanel timeZone={timeZone} onAnswered={setNotice} /> : null}
      {status === 'loading' ? (
        <p role="status" aria-busy="true" className={styles.muted}>
          {t('loading')}
        </p>
      ) : null}
      {status === 'error' ? (
        <div role="alert">
          <p className={styles.error}>{t('loadError')}</p>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {status === 'ready' && !rides.length ? <p className={styles.muted}>{t(view === 'home' ? 'emptyActive' : 'emptyRecent')}</p> : null}
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
