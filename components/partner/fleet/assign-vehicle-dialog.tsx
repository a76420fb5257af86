'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { DriverView } from '@/lib/fleet/drivers';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { failureOf } from '@/components/data/fetch-data';
import { useFleetStore } from './fleet-store';
import { usePatchDriver, useVehicles } from './queries';
import styles from './fleet.module.css';

/** Picks one of the business's vehicles (or none) for a driver. */
export function AssignVehicleDialog({ driver, onClose }: { driver: DriverView; onClose: () => void }) {
  const t = useTranslations('FleetDrivers');
  const tTypes = useTranslations('VehicleTypes');
  const errorText = useApiErrorText();
  const dialog = useModalDialog();
  const id = useId();
  const list = useVehicles();
  const assign = usePatchDriver();
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const [choice, setChoice] = useState(driver.vehicle ? String(driver.vehicle.id) : '');
  const [error, setError] = useState<string>();
  const busy = assign.isPending;
  const vehicles = list.data?.vehicles ?? [];
  const ready = list.data !== undefined;

  const save = () => {
    setError(undefined);
    assign.mutate(
      { id: driver.id, body: { vehicleId: choice ? Number(choice) : null } },
      {
        onError: (failed) => {
          setError(errorText(failureOf(failed)));
          showSnackbar(t('assignFailed'), 'failure', t('close'));
        },
        onSuccess: () => {
          showSnackbar(t('assigned', { name: driver.name }), 'success', t('close'));
          onClose();
        },
      },
    );
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
          save();
        }}
      >
        <h2 id={`${id}-title`}>{t('assignTitle', { name: driver.name })}</h2>
        {ready && !vehicles.length ? <p>{t('noVehicles')}</p> : null}
        <div className={ui.field}>
          <label htmlFor={`${id}-vehicle`}>{t('assignLabel')}</label>
          <select
            id={`${id}-vehicle`}
            className={ui.input}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            aria-busy={!ready && !list.isError}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <option value="">{t('assignNone')}</option>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {`${vehicle.number} · ${vehicle.model} · ${tTypes(vehicle.vehicleType)}`}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className={ui.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy || !ready}>
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
