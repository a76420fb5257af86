'use client';

import { useTranslations } from 'next-intl';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import ui from '@/components/ui/ui.module.css';
import styles from './flights.module.css';

/** The full-screen name board a driver holds up at arrivals: the traveller's name as they wrote it, large, in their script. */
export function NameBoard({ name, lang, onClose }: { name: string; lang: string | null; onClose: () => void }) {
  const t = useTranslations('Flights');
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      className={styles.board}
      aria-label={t('nameBoardLabel', { name })}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <p className={styles.boardName} lang={lang ?? undefined} dir="auto">
        {name}
      </p>
      <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose}>
        {t('close')}
      </button>
    </dialog>
  );
}
