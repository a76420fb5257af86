'use client';

import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { useSessionStore } from '@/components/auth/session-store';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { useDeleteAccount } from './queries';
import styles from './rider.module.css';

/** "Delete account" with a confirmation; on success the rider is signed out and back on the home page. */
export function DeleteAccount() {
  const t = useTranslations('Profile');
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('deleteTitle')}</h2>
      <p className={styles.muted}>{t('deleteBody')}</p>
      <div className={styles.actions}>
        <button type="button" className={`${ui.button} ${styles.dangerOutline}`} onClick={() => setConfirming(true)}>
          {t('deleteButton')}
        </button>
      </div>
      {confirming ? <ConfirmDelete onClose={() => setConfirming(false)} /> : null}
    </section>
  );
}

function ConfirmDelete({ onClose }: { onClose: () => void }) {
  const t = useTranslations('Profile');
  const router = useRouter();
  const keep = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(keep);
  const id = useId();
  const removal = useDeleteAccount();
  // Busy from the click until the page has moved on (a deleted account stays on this screen only for a moment).
  const busy = removal.isPending || removal.isSuccess;
  const failed = removal.isError;

  const confirm = () =>
    removal.mutate(undefined, {
      onSuccess: () => {
        router.replace('/user/home');
        void useSessionStore.getState().refresh();
      },
    });

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className={styles.stack}>
        <h2 id={`${id}-title`}>{t('deleteConfirmTitle')}</h2>
        <p id={`${id}-body`}>{t('deleteConfirmBody')}</p>
        {failed ? (
          <p role="alert" className={ui.error}>
            {t('deleteFailed')}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={`${ui.button} ${styles.danger}`} onClick={confirm} disabled={busy}>
            {busy ? t('deleting') : t('confirmDelete')}
          </button>
          <button ref={keep} type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose} disabled={busy}>
            {t('keepAccount')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
