'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { VehicleView } from '@/lib/fleet/vehicles';
import ui from '@/components/ui/ui.module.css';
import { useRemoveConfirm } from './confirm-dialog';
import { useFleetStore } from './fleet-store';
import { useRemoveVehicle, useSetVehicleOnline } from './queries';
import { OnlineBadge, OnlineSwitch } from './fleet-ui';
import { DocumentsDialog } from './documents-dialog';
import { DocumentsLine } from './documents-line';
import { PhotoDialog } from './photo-dialog';
import styles from './fleet.module.css';

/** A vehicle: picture, model and type, number, papers, Online/Offline with a switch, Edit, Photo, Papers and Remove (confirmed). */
export function VehicleCard({ vehicle, onEdit }: { vehicle: VehicleView; onEdit: () => void }) {
  const t = useTranslations('FleetVehicles');
  const [open, setOpen] = useState<'photo' | 'documents' | null>(null);
  const tTypes = useTranslations('VehicleTypes');
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const online = useSetVehicleOnline();
  const removeVehicle = useRemoveVehicle().mutateAsync;
  const removal = useRemoveConfirm('FleetVehicles', t('removeTitle', { number: vehicle.number }), () => removeVehicle(vehicle.id));

  const setOnline = (next: boolean) =>
    online.mutate({ id: vehicle.id, online: next }, { onError: () => showSnackbar(t('toggleFailed'), 'failure', t('close')) });

  return (
    <li className={`${styles.card} ${styles.vehicleCard}`}>
      {/* eslint-disable-next-line @next/next/no-img-element -- small static SVGs from public/vehicles, or the uploaded photo resized by the server */}
      <img src={vehicle.image} alt="" width={120} height={60} className={styles.vehicleImage} loading="lazy" />
      <div className={styles.cardMain}>
        <h2 className={styles.cardTitle}>{vehicle.model}</h2>
        <p className={styles.meta}>{tTypes(vehicle.vehicleType)}</p>
        <p className={styles.plateText}>{vehicle.number}</p>
        <DocumentsLine documents={vehicle.documents} />
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
          className={`${ui.button} ${ui.secondary} ${styles.small}`}
          aria-label={t('photoButtonLabel', { number: vehicle.number })}
          onClick={() => setOpen('photo')}
        >
          {t('photo')}
        </button>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary} ${styles.small}`}
          aria-label={t('documentsButtonLabel', { number: vehicle.number })}
          onClick={() => setOpen('documents')}
        >
          {t('documents')}
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
      {open === 'photo' ? <PhotoDialog holder="vehicle" id={vehicle.id} name={vehicle.number} current={vehicle.photo} onClose={() => setOpen(null)} /> : null}
      {open === 'documents' ? (
        <DocumentsDialog holder="vehicle" id={vehicle.id} name={vehicle.number} documents={vehicle.documents} onClose={() => setOpen(null)} />
      ) : null}
    </li>
  );
}
