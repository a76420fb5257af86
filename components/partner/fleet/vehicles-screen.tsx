'use client';

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { VehicleView } from '@/lib/fleet/vehicles';
import ui from '@/components/ui/ui.module.css';
import { useFleetStore } from './fleet-store';
import { Counters, ListState } from './fleet-ui';
import { SnackbarHost } from './snackbar-host';
import { useVehicles } from './queries';
import { VehicleCard } from './vehicle-card';
import { VehicleSheet } from './vehicle-sheet';
import styles from './fleet.module.css';

/** The Vehicles section: counters, Add Vehicle, the vehicle cards or the empty state; it hosts the Add Vehicle sheet. */
export function VehiclesScreen() {
  const t = useTranslations('FleetVehicles');
  const id = useId();
  const list = useVehicles();
  const adding = useFleetStore((s) => s.addVehicleOpen);
  const openAddVehicle = useFleetStore((s) => s.openAddVehicle);
  const closeAddVehicle = useFleetStore((s) => s.closeAddVehicle);
  const mountVehicleScreen = useFleetStore((s) => s.mountVehicleScreen);
  const [editing, setEditing] = useState<VehicleView | null>(null);

  useEffect(() => mountVehicleScreen(), [mountVehicleScreen]);

  const addButton = (
    <button type="button" className={`${ui.button} ${ui.primary}`} onClick={openAddVehicle}>
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
        isEmpty={(data) => !data.vehicles.length}
        texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), empty: t('empty') }}
        onRetry={() => void list.refetch()}
        emptyAction={addButton}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('listLabel')}>
            {data.vehicles.map((vehicle) => (
              <VehicleCard key={vehicle.id} vehicle={vehicle} onEdit={() => setEditing(vehicle)} />
            ))}
          </ul>
        )}
      </ListState>
      {adding ? <VehicleSheet onClose={closeAddVehicle} /> : null}
      {editing ? <VehicleSheet key={editing.id} vehicle={editing} onClose={() => setEditing(null)} /> : null}
      <SnackbarHost />
    </section>
  );
}
