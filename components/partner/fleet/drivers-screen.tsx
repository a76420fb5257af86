'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { DriverView } from '@/lib/fleet/drivers';
import { countersOf, type FleetCounters } from '@/lib/fleet/counters';
import ui from '@/components/ui/ui.module.css';
import { AgencySelect } from './agency-select';
import { DriverCard } from './driver-card';
import { fleetStore } from './fleet-store';
import { Counters, ListState } from './fleet-ui';
import { PersonSheet, postPerson } from './person-sheet';
import { SnackbarHost } from './snackbar-host';
import { useFleetList } from './use-fleet-list';
import styles from './fleet.module.css';

type DriversData = { counters: FleetCounters; drivers: DriverView[] };

/** The Drivers section: counters, Add Driver, the driver cards with their menus, or the empty state. */
export function DriversScreen({ defaultCountry }: { defaultCountry: string }) {
  const t = useTranslations('FleetDrivers');
  const id = useId();
  const { state, retry, update } = useFleetList<DriversData>('/api/partner/drivers', 'drivers');
  const [adding, setAdding] = useState(false);

  const replace = (driverId: number, next: DriverView | null) =>
    update((data) => {
      const drivers = next ? data.drivers.map((d) => (d.id === driverId ? next : d)) : data.drivers.filter((d) => d.id !== driverId);
      return { drivers, counters: countersOf(drivers) };
    });

  const addButton = (
    <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setAdding(true)}>
      {t('add')}
    </button>
  );

  return (
    <section aria-labelledby={`${id}-title`} className={styles.screen}>
      <div className={styles.screenHead}>
        <h1 id={`${id}-title`}>{t('title')}</h1>
        {addButton}
      </div>
      <Counters counters={state.status === 'ready' ? state.data.counters : undefined} label={t('countersLabel')} names={{ total: t('total'), online: t('online'), offline: t('offline') }} />
      <ListState
        list={state}
        isEmpty={(data) => !data.drivers.length}
        texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), empty: t('empty') }}
        onRetry={retry}
        emptyAction={addButton}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('listLabel')}>
            {data.drivers.map((driver) => (
              <DriverCard key={driver.id} driver={driver} onChange={(next) => replace(driver.id, next)} />
            ))}
          </ul>
        )}
      </ListState>
      {adding ? (
        <PersonSheet
          variant="driver"
          defaultCountry={defaultCountry}
          texts={{
            title: t('sheetTitle'),
            handle: t('sheetHandle'),
            nameLabel: t('nameLabel'),
            counter: (count, max) => t('counter', { count, max }),
            placeLabel: t('placeLabel'),
            continue: t('continue'),
            saving: t('saving'),
            cancel: t('cancel'),
          }}
          extra={(bind) => <AgencySelect {...bind} />}
          submit={async (input) => {
            const failure = await postPerson('/api/partner/drivers', input);
            if (failure) {
              fleetStore.showSnackbar(t('addFailed'), 'failure', t('close'));
              return failure;
            }
            setAdding(false);
            fleetStore.changed('drivers', 'agencies');
            fleetStore.showSnackbar(t('added'), 'success', t('close'));
            return null;
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      <SnackbarHost />
    </section>
  );
}
