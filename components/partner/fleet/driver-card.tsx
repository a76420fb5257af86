'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { DriverView } from '@/lib/fleet/drivers';
import { ACTION_FOR_STATUS, type StatusAction } from '@/lib/fleet/schemas';
import { ActionMenu, type MenuItem } from './action-menu';
import { AssignVehicleDialog } from './assign-vehicle-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { useFleetStore } from './fleet-store';
import { usePatchDriver, useRemoveDriver } from './queries';
import { initials, OnlineBadge, OnlineSwitch, StatusBadge } from './fleet-ui';
import styles from './fleet.module.css';

const STATUS_KEY = { pending: 'statusPending', Verified: 'statusVerified', Blocked: 'statusBlocked' } as const;
const DONE_KEY = { verify: 'verified', block: 'blocked', unblock: 'unblocked' } as const;

/** A driver: initials, name, status, place, vehicle, phone, online switch and the menu (status action, Track, Assign vehicle, Remove). */
export function DriverCard({ driver }: { driver: DriverView }) {
  const t = useTranslations('FleetDrivers');
  const tTypes = useTranslations('VehicleTypes');
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const patching = usePatchDriver();
  const removal = useRemoveDriver();
  const [dialog, setDialog] = useState<'remove' | 'assign' | null>(null);
  const phone = `+${driver.phoneCode} ${driver.phone}`;

  const patch = (body: { action: StatusAction } | { online: boolean }, failure: 'actionFailed' | 'toggleFailed') =>
    patching.mutate(
      { id: driver.id, body },
      {
        onError: () => showSnackbar(t(failure), 'failure', t('close')),
        onSuccess: () => {
          if ('action' in body) showSnackbar(t(DONE_KEY[body.action], { name: driver.name }), 'success', t('close'));
        },
      },
    );

  const remove = async () => {
    const removed = await removal.mutateAsync(driver.id).then(
      () => true,
      () => false,
    );
    setDialog(null);
    if (removed) showSnackbar(t('removed'), 'success', t('close'));
    else showSnackbar(t('removeFailed'), 'failure', t('close'));
  };

  const action = ACTION_FOR_STATUS[driver.accountStatus];
  const items: MenuItem[] = [
    { key: action, label: t(action), onSelect: () => patch({ action }, 'actionFailed') },
    driver.openRideId
      ? { key: 'track', label: t('track'), href: { pathname: '/track/driver', query: { rideId: String(driver.openRideId) } } }
      : { key: 'track', label: t('track'), disabledHint: t('trackNone') },
    { key: 'assign', label: t('assign'), onSelect: () => setDialog('assign') },
    { key: 'remove', label: t('remove'), danger: true, onSelect: () => setDialog('remove') },
  ];

  return (
    <li className={styles.card}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(driver.name)}
      </span>
      <div className={styles.cardMain}>
        <h2 className={styles.cardTitle}>{driver.name}</h2>
        <p className={styles.badges}>
          <StatusBadge status={driver.accountStatus} label={t(STATUS_KEY[driver.accountStatus])} />
          <OnlineBadge online={driver.online} label={t(driver.online ? 'online' : 'offline')} />
        </p>
        {driver.place ? <p className={styles.meta}>{driver.place}</p> : null}
        <p className={styles.meta}>{driver.vehicle ? t('vehicleLine', { model: driver.vehicle.model, type: tTypes(driver.vehicle.vehicleType) }) : t('noVehicle')}</p>
        {driver.vehicle ? <p className={styles.plateText}>{driver.vehicle.number}</p> : null}
        {driver.agency ? <p className={styles.meta}>{t('agencyLine', { agency: driver.agency.name })}</p> : null}
        <a className={styles.phone} href={`tel:+${driver.phoneCode}${driver.phone}`} aria-label={t('phone', { phone })}>
          {phone}
        </a>
      </div>
      <div className={styles.cardSide}>
        <OnlineSwitch on={driver.online} busy={patching.isPending || driver.accountStatus === 'Blocked'} label={t('onlineToggle', { name: driver.name })} onChange={(online) => patch({ online }, 'toggleFailed')} />
        <ActionMenu label={t('menuLabel', { name: driver.name })} items={items} />
      </div>
      {dialog === 'remove' ? (
        <ConfirmDialog texts={{ title: t('removeTitle', { name: driver.name }), body: t('removeBody'), confirm: t('confirmRemove'), cancel: t('keep') }} onConfirm={remove} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'assign' ? <AssignVehicleDialog driver={driver} onClose={() => setDialog(null)} /> : null}
    </li>
  );
}
