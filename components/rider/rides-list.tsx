'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import type { RideView } from '@/lib/rides/queries';
import { queryKeys } from '@/lib/query-keys';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import { RiderGate } from './rider-gate';
import { loadStatus } from '@/components/data/query-status';
import { useLiveRides } from '@/components/data/ride-events';
import { useRiderRides } from './queries';
import { usePushMessages } from '@/components/push/use-push-messages';
import { RideCard } from './ride-card';
import { rideToRate } from '@/components/trust/ride-trust';
import { CancelRideDialog } from './cancel-ride-dialog';
import { Tabs, tabIds } from './tabs';
import styles from './rider.module.css';
import rides from './rides.module.css';

type TabKey = 'upcoming' | 'past';

/** The signed-in rider's rides in Upcoming and Past tabs, with cancellation. */
export function RidesList({ timeZone, defaultCountry }: { timeZone: string; defaultCountry: string }) {
  const t = useTranslations('RiderRides');
  return (
    <RiderGate title={t('signedOutTitle')} body={t('signedOutBody')} defaultCountry={defaultCountry}>
      {() => <Rides timeZone={timeZone} />}
    </RiderGate>
  );
}

function Rides({ timeZone }: { timeZone: string }) {
  const t = useTranslations('RiderRides');
  const client = useQueryClient();
  const query = useRiderRides();
  const status = loadStatus(query);
  // The rider sees each status the operator sets, live.
  useLiveRides();
  // ...and refreshes on each push the service worker relays (docs/requirements/rider.md#rides-wallet-and-profile).
  usePushMessages(() => void client.invalidateQueries({ queryKey: queryKeys.rider.rides() }));
  // a rating link (`?rate=ID`, from the message or push) opens the past rides
  const [tab, setTab] = useState<TabKey>(() => (rideToRate() ? 'past' : 'upcoming'));
  const [cancelling, setCancelling] = useState<RideView | null>(null);
  const [notice, setNotice] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const focusPanel = useRef(false);
  const id = useId();

  useEffect(() => {
    // After the dialog has closed: the cancelled ride's card (and its button) left this tab.
    if (cancelling || !focusPanel.current) return;
    focusPanel.current = false;
    panel.current?.focus();
  }, [cancelling]);

  const onCancelled = (ride: RideView) => {
    setCancelling(null);
    setNotice(t('cancelled', { id: ride.id }));
    focusPanel.current = true;
  };

  if (status === 'loading')
    return (
      <p role="status" aria-busy="true" className={styles.muted}>
        {t('loading')}
      </p>
    );
  if (status === 'error' || !query.data) {
    return (
      <div role="alert" className={styles.gate}>
        <p className={styles.alert}>{t('loadError')}</p>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const lists = query.data;
  const shown = lists[tab];
  const ids = tabIds(id, tab);
  return (
    <>
      <p role="status" className={styles.status}>
        {notice}
      </p>
      <Tabs
        id={id}
        label={t('tabsLabel')}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'upcoming', label: t('upcomingTab', { count: lists.upcoming.length }) },
          { key: 'past', label: t('pastTab', { count: lists.past.length }) },
        ]}
      />
      <div ref={panel} id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} tabIndex={0}>
        {shown.length ? (
          <ul className={rides.list}>
            {shown.map((ride) => (
              <li key={ride.id}>
                <RideCard ride={ride} timeZone={timeZone} onCancel={setCancelling} />
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.empty}>
            <p>{t(tab === 'upcoming' ? 'emptyUpcoming' : 'emptyPast')}</p>
            <Link href="/user/home" className={`${ui.button} ${ui.primary}`}>
              {t('book')}
            </Link>
          </div>
        )}
      </div>
      {cancelling ? (
        <CancelRideDialog
          timeZone={timeZone}
          ride={cancelling}
          onCancelled={onCancelled}
          onClose={(stale) => {
            setCancelling(null);
            if (stale) void query.refetch();
          }}
        />
      ) : null}
    </>
  );
}
