'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { apiCall } from '@/lib/api/client';
import type { VehicleView } from '@/lib/fleet/vehicles';
import ui from '@/components/ui/ui.module.css';
import { ConfirmDialog } from './confirm-dialog';
import { fleetStore } from './fleet-store';
import { OnlineBadge, OnlineSwitch } from './fleet-ui';
import styles from './fleet.module.css';

/** A vehicle: picture, model and type, number, Online/Offline with a switch, Edit and Remove (confirmed). */
export function VehicleCard({ vehicle, onChange, onEdit }: { vehicle: VehicleView; onChange: (next: VehicleView | null) => void; onEdit: () => void }) {
  const t = useTranslations('FleetVehicles');
  const tTypes = useTranslations('VehicleTypes');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const setOnline = async (online: boolean) => {
    setBusy(true);
    const result = await apiCall<{ data: VehicleView }>(`/api/partner/vehicles/${vehicle.id}`, { method: 'PATCH', body: { online } });
    setBusy(false);
    if (result.ok) onChange(result.data.data);
    else fleetStore.showSnackbar(t('toggleFailed'), 'failure', t('close'));
  };

  const remove = async () => {
    const result = await apiCall(`/api/partner/vehicles/${vehicle.id}`, { method: 'DELETE' });
    setConfirming(false);
    if (result.ok) {
      onChange(null);
      fleetStore.changed('vehicles', 'drivers');
      fleetStore.showSnackbar(t('removed'), 'success', t('close'));
    } else fleetStore.showSnackbar(t('removeFailed'), 'failure', t('close'));
  };

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
        <OnlineSwitch on={vehicle.online} busy={busy} label={t('onlineToggle', { number: vehicle.number })} onChange={(next) => void setOnline(next)} />
      </div>
      <div className={styles.cardActions}>
        <button type="button" className={`${ui.button} ${ui.secondary} ${styles.small}`} aria-label={t('editLabel', { number: vehicle.number })} onClick={onEdit}>
          {t('edit')}
        </button>
        <button type="button" className={`${ui.button} ${ui.secondary} ${styles.small} ${styles.dangerText}`} aria-label={t('removeLabel', { number: vehicle.number })} onClick={() => setConfirming(true)}>
          {t('remove')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          texts={{ title: t('removeTitle', { number: vehicle.number }), body: t('removeBody'), confirm: t('confirmRemove'), cancel: t('keep') }}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
