'use client';

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { countersOf, type FleetCounters } from '@/lib/fleet/counters';
import type { VehicleView } from '@/lib/fleet/vehicles';
import ui from '@/components/ui/ui.module.css';
import { fleetStore, useFleetState } from './fleet-store';
import { Counters, ListState } from './fleet-ui';
import { SnackbarHost } from './snackbar-host';
import { useFleetList } from './use-fleet-list';
import { VehicleCard } from './vehicle-card';
import { VehicleSheet } from './vehicle-sheet';
import styles from './fleet.module.css';

type VehiclesData = { counters: FleetCounters; vehicles: VehicleView[] };

/** The Vehicles section: counters, Add Vehicle, the vehicle cards or the empty state; it hosts the Add Vehicle sheet. */
export function VehiclesScreen() {
  const t = useTranslations('FleetVehicles');
  const id = useId();
  const { state, retry, update } = useFleetList<VehiclesData>('/api/partner/vehicles', 'vehicles');
  const adding = useFleetState((s) => s.addVehicleOpen);
  const [editing, setEditing] = useState<VehicleView | null>(null);

  useEffect(() => fleetStore.mountVehicleScreen(), []);

  const replace = (vehicleId: number, next: VehicleView | null) =>
    update((data) => {
      const vehicles = next ? data.vehicles.map((v) => (v.id === vehicleId ? next : v)) : data.vehicles.filter((v) => v.id !== vehicleId);
      return { vehicles, counters: countersOf(vehicles) };
    });

  const addButton = (
    <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => fleetStore.openAddVehicle()}>
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
        isEmpty={(data) => !data.vehicles.length}
        texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), empty: t('empty') }}
        onRetry={retry}
        emptyAction={addButton}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('listLabel')}>
            {data.vehicles.map((vehicle) => (
              <VehicleCard key={vehicle.id} vehicle={vehicle} onChange={(next) => replace(vehicle.id, next)} onEdit={() => setEditing(vehicle)} />
            ))}
          </ul>
        )}
      </ListState>
      {adding ? <VehicleSheet onClose={() => fleetStore.closeAddVehicle()} /> : null}
      {editing ? <VehicleSheet key={editing.id} vehicle={editing} onClose={() => setEditing(null)} /> : null}
      <SnackbarHost />
    </section>
  );
}
