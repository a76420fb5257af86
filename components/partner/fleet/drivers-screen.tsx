'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import { AgencySelect } from './agency-select';
import { DriverCard } from './driver-card';
import { useFleetStore } from './fleet-store';
import { Counters, ListState } from './fleet-ui';
import { PersonSheet } from './person-sheet';
import { failureOf } from '@/components/data/fetch-data';
import { SnackbarHost } from './snackbar-host';
import { useAddDriver, useDrivers } from './queries';
import styles from './fleet.module.css';

/** The Drivers section: counters, Add Driver, the driver cards with their menus, or the empty state. */
export function DriversScreen({ defaultCountry }: { defaultCountry: string }) {
  const t = useTranslations('FleetDrivers');
  const id = useId();
  const list = useDrivers();
  const add = useAddDriver();
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const [adding, setAdding] = useState(false);

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
      <Counters counters={list.data?.counters} label={t('countersLabel')} names={{ total: t('total'), online: t('online'), offline: t('offline') }} />
      <ListState
        list={list}
        isEmpty={(data) => !data.drivers.length}
        texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), empty: t('empty') }}
        onRetry={() => void list.refetch()}
        emptyAction={addButton}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('listLabel')}>
            {data.drivers.map((driver) => (
              <DriverCard key={driver.id} driver={driver} />
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
            try {
              await add.mutateAsync(input);
            } catch (error) {
              showSnackbar(t('addFailed'), 'failure', t('close'));
              return failureOf(error);
            }
            setAdding(false);
            showSnackbar(t('added'), 'success', t('close'));
            return null;
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      <SnackbarHost />
    </section>
  );
}
