'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { useFleetStore } from './fleet-store';
import { PhotoField } from './photo-field';
import { useDriverPhoto, useVehiclePhoto } from './queries';
import styles from './fleet.module.css';

/** Upload, replace or remove the photo of a driver or a vehicle; the server resizes it (and refuses what is not an image or too large). */
export function PhotoDialog({
  holder,
  id: holderId,
  name,
  current,
  onClose,
}: {
  holder: 'driver' | 'vehicle';
  id: number;
  name: string;
  current: string | null;
  onClose: () => void;
}) {
  const t = useTranslations('FleetDocuments');
  const errorText = useApiErrorText();
  const dialog = useModalDialog();
  const id = useId();
  const driverPhoto = useDriverPhoto();
  const vehiclePhoto = useVehiclePhoto();
  const change = holder === 'driver' ? driverPhoto : vehiclePhoto;
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  const send = (next: File | null) => {
    setError(undefined);
    change.mutate(
      { id: holderId, file: next },
      {
        onSuccess: () => {
          showSnackbar(t(next ? 'photo.saved' : 'photo.removed', { name }), 'success', t('close'));
          onClose();
        },
        onError: (failed) => setError(errorText(failureOf(failed))),
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
        if (!change.isPending) onClose();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (file) send(file);
        }}
      >
        <h2 id={`${id}-title`}>{t(holder === 'driver' ? 'photo.driverTitle' : 'photo.vehicleTitle', { name })}</h2>
        {current ? (
          // eslint-disable-next-line @next/next/no-img-element -- an uploaded photo, already resized by the server
          <img src={current} alt={t('photo.current', { name })} className={styles.photoPreview} width={160} height={160} />
        ) : (
          <p className={ui.hint}>{t('photo.none')}</p>
        )}
        <PhotoField label={t('photo.file')} onChange={setFile} />
        <p className={ui.hint}>{t('photo.hint')}</p>
        {error ? (
          <p role="alert" className={ui.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={!file || change.isPending}>
            {change.isPending ? t('saving') : t('photo.upload')}
          </button>
          {current ? (
            <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={change.isPending} onClick={() => send(null)}>
              {t('photo.remove')}
            </button>
          ) : null}
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose} disabled={change.isPending}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
