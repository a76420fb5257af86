'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { apiCall } from '@/lib/api/client';
import type { DriverView } from '@/lib/fleet/drivers';
import type { FleetCounters } from '@/lib/fleet/counters';
import type { VehicleView } from '@/lib/fleet/vehicles';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { fleetStore } from './fleet-store';
import { useFleetList } from './use-fleet-list';
import styles from './fleet.module.css';

/** Picks one of the business's vehicles (or none) for a driver. */
export function AssignVehicleDialog({ driver, onDone, onClose }: { driver: DriverView; onDone: (next: DriverView) => void; onClose: () => void }) {
  const t = useTranslations('FleetDrivers');
  const tTypes = useTranslations('VehicleTypes');
  const errorText = useApiErrorText();
  const dialog = useModalDialog();
  const id = useId();
  const { state } = useFleetList<{ counters: FleetCounters; vehicles: VehicleView[] }>('/api/partner/vehicles', 'vehicles');
  const [choice, setChoice] = useState(driver.vehicle ? String(driver.vehicle.id) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const vehicles = state.status === 'ready' ? state.data.vehicles : [];

  const save = async () => {
    setBusy(true);
    setError(undefined);
    const result = await apiCall<{ data: DriverView }>(`/api/partner/drivers/${driver.id}`, { method: 'PATCH', body: { vehicleId: choice ? Number(choice) : null } });
    setBusy(false);
    if (!result.ok) {
      setError(errorText(result.error));
      return fleetStore.showSnackbar(t('assignFailed'), 'failure', t('close'));
    }
    onDone(result.data.data);
    fleetStore.showSnackbar(t('assigned', { name: driver.name }), 'success', t('close'));
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id={`${id}-title`}>{t('assignTitle', { name: driver.name })}</h2>
        {state.status === 'ready' && !vehicles.length ? <p>{t('noVehicles')}</p> : null}
        <div className={auth.field}>
          <label htmlFor={`${id}-vehicle`}>{t('assignLabel')}</label>
          <select id={`${id}-vehicle`} className={auth.input} value={choice} onChange={(event) => setChoice(event.target.value)} aria-busy={state.status === 'loading'} aria-describedby={error ? `${id}-error` : undefined}>
            <option value="">{t('assignNone')}</option>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {`${vehicle.number} · ${vehicle.model} · ${tTypes(vehicle.vehicleType)}`}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className={auth.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy || state.status !== 'ready'}>
            {busy ? t('saving') : t('assignSave')}
          </button>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
