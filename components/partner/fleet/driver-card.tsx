'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { DriverView } from '@/lib/fleet/drivers';
import type { MenuItem } from './action-menu';
import { AccountCard } from './account-card';
import { AssignVehicleDialog } from './assign-vehicle-dialog';
import { usePatchDriver, useRemoveDriver } from './queries';
import styles from './fleet.module.css';

/** A driver: initials, name, status, place, vehicle, phone, online switch and the menu (status action, Track, Assign vehicle, Remove). */
export function DriverCard({ driver }: { driver: DriverView }) {
  const t = useTranslations('FleetDrivers');
  const tTypes = useTranslations('VehicleTypes');
  const [assigning, setAssigning] = useState(false);

  const items: MenuItem[] = [
    driver.openRideId
      ? { key: 'track', label: t('track'), href: { pathname: '/track/driver', query: { rideId: String(driver.openRideId) } } }
      : { key: 'track', label: t('track'), disabledHint: t('trackNone') },
    { key: 'assign', label: t('assign'), onSelect: () => setAssigning(true) },
  ];

  const lines = (
    <>
      <p className={styles.meta}>
        {driver.vehicle ? t('vehicleLine', { model: driver.vehicle.model, type: tTypes(driver.vehicle.vehicleType) }) : t('noVehicle')}
      </p>
      {driver.vehicle ? <p className={styles.plateText}>{driver.vehicle.number}</p> : null}
      {driver.agency ? <p className={styles.meta}>{t('agencyLine', { agency: driver.agency.name })}</p> : null}
    </>
  );

  return (
    <AccountCard
      namespace="FleetDrivers"
      account={driver}
      patching={usePatchDriver()}
      removeAccount={useRemoveDriver().mutateAsync}
      items={items}
      beforePhone={lines}
    >
      {assigning ? <AssignVehicleDialog driver={driver} onClose={() => setAssigning(false)} /> : null}
    </AccountCard>
  );
}
