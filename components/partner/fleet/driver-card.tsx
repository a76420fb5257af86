'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { DriverView } from '@/lib/fleet/drivers';
import type { MenuItem } from './action-menu';
import { AccountCard } from './account-card';
import { AssignVehicleDialog } from './assign-vehicle-dialog';
import { DocumentsDialog } from './documents-dialog';
import { DocumentsLine } from './documents-line';
import { PhotoDialog } from './photo-dialog';
import { usePatchDriver, useRemoveDriver } from './queries';
import styles from './fleet.module.css';

/** A driver: photo (or initials), full name, status, place, vehicle, licence, phone, online switch and the menu (status action, Track, Assign vehicle, Photo, Licence, Remove). */
export function DriverCard({ driver }: { driver: DriverView }) {
  const t = useTranslations('FleetDrivers');
  const tTypes = useTranslations('VehicleTypes');
  const [open, setOpen] = useState<'assign' | 'photo' | 'documents' | null>(null);
  const name = [driver.name, driver.lastName].filter(Boolean).join(' ');

  const items: MenuItem[] = [
    driver.openRideId
      ? { key: 'track', label: t('track'), href: { pathname: '/track/driver', query: { rideId: String(driver.openRideId) } } }
      : { key: 'track', label: t('track'), disabledHint: t('trackNone') },
    { key: 'assign', label: t('assign'), onSelect: () => setOpen('assign') },
    { key: 'photo', label: t('photo'), onSelect: () => setOpen('photo') },
    { key: 'documents', label: t('documents'), onSelect: () => setOpen('documents') },
  ];

  const lines = (
    <>
      <p className={styles.meta}>
        {driver.vehicle ? t('vehicleLine', { model: driver.vehicle.model, type: tTypes(driver.vehicle.vehicleType) }) : t('noVehicle')}
      </p>
      {driver.vehicle ? <p className={styles.plateText}>{driver.vehicle.number}</p> : null}
      {driver.agency ? <p className={styles.meta}>{t('agencyLine', { agency: driver.agency.name })}</p> : null}
      <DocumentsLine documents={driver.documents} />
    </>
  );

  return (
    <AccountCard
      namespace="FleetDrivers"
      account={{ ...driver, name }}
      patching={usePatchDriver()}
      removeAccount={useRemoveDriver().mutateAsync}
      items={items}
      beforePhone={lines}
    >
      {open === 'assign' ? <AssignVehicleDialog driver={driver} onClose={() => setOpen(null)} /> : null}
      {open === 'photo' ? <PhotoDialog holder="driver" id={driver.id} name={name} current={driver.photoUrl} onClose={() => setOpen(null)} /> : null}
      {open === 'documents' ? <DocumentsDialog holder="driver" id={driver.id} name={name} documents={driver.documents} onClose={() => setOpen(null)} /> : null}
    </AccountCard>
  );
}
