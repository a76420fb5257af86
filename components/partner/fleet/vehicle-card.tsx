'use client';

import { useTranslations } from 'next-intl';
import type { VehicleView } from '@/lib/fleet/vehicles';
import ui from '@/components/ui/ui.module.css';
import { useRemoveConfirm } from './confirm-dialog';
import { useFleetStore } from './fleet-store';
import { useRemoveVehicle, useSetVehicleOnline } from './queries';
import { OnlineBadge, OnlineSwitch } from './fleet-ui';
import styles from './fleet.module.css';

/** A vehicle: picture, model and type, number, Online/Offline with a switch, Edit and Remove (confirmed). */
export function VehicleCard({ vehicle, onEdit }: { vehicle: VehicleView; onEdit: () => void }) {
  const t = useTranslations('FleetVehicles');
  const tTypes = useTranslations('VehicleTypes');
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const online = useSetVehicleOnline();
  const removeVehicle = useRemoveVehicle().mutateAsync;
  const removal = useRemoveConfirm('FleetVehicles', t('removeTitle', { number: vehicle.number }), () => removeVehicle(vehicle.id));

  const setOnline = (next: boolean) =>
    online.mutate({ id: vehicle.id, online: next }, { onError: () => showSnackbar(t('toggleFailed'), 'failure', t('close')) });

  return (
    <li className={`${styles.card} ${styles.vehicleCard}`}>
      {/* eslint-disable-next-line @next/next/no-img-element -- small static SVGs from public/vehicles */}
      <img src={vehicle.image} alt="" width={120} height={60} className={styles.vehicleImage} loading="lazy" />
      <div className={styles.cardMain}>
        <h2 className={styles.cardTitle}>{vehicle.model}</h2>
        <p className={styles.meta}>{tTypes(vehicle.vehicleType)}</p>
        <p className={styles.plateText}>{vehicle.number}</p>
      </div>
      <div className={styles.cardSide}>
        <OnlineBadge online={vehicle.online} label={t(vehicle.online ? 'online' : 'offline')} />
        <OnlineSwitch on={vehicle.online} busy={online.isPending} label={t('onlineToggle', { number: vehicle.number })} onChange={setOnline} />
      </div>
      <div className={styles.cardActions}>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary} ${styles.small}`}
          aria-label={t('editLabel', { number: vehicle.number })}
          onClick={onEdit}
        >
          {t('edit')}
        </button>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary} ${styles.small} ${styles.dangerText}`}
          aria-label={t('removeLabel', { number: vehicle.number })}
          onClick={removal.ask}
        >
          {t('remove')}
        </button>
      </div>
      {removal.dialog}
    </li>
  );
}
