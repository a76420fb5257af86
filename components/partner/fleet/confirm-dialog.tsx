'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { useFleetStore } from './fleet-store';
import { failureOf } from '@/components/data/fetch-data';
import { useApiErrorText } from '@/components/ui/use-api-error';
import type { FleetNamespace } from './fleet-ui';
import styles from './fleet.module.css';

type Texts = { title: string; body: string; confirm: string; cancel: string };

/** Asks before a destructive action; `onConfirm` resolves when the action is done. */
export function ConfirmDialog({ texts, onConfirm, onClose }: { texts: Texts; onConfirm: () => Promise<void>; onClose: () => void }) {
  const dialog = useModalDialog();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={`${id}-title`}>{texts.title}</h2>
      <p id={`${id}-body`}>{texts.body}</p>
      <div className={styles.dialogActions}>
        <button
          type="button"
          className={`${ui.button} ${styles.danger}`}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onConfirm();
            setBusy(false);
          }}
        >
          {texts.confirm}
        </button>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={close} disabled={busy} autoFocus>
          {texts.cancel}
        </button>
      </div>
    </dialog>
  );
}

/** Remove behind a ConfirmDialog titled `title`: `ask` opens it, `dialog` is what to render; the outcome shows in the snackbar. */
export function useRemoveConfirm(namespace: FleetNamespace, title: string, removeItem: () => Promise<unknown>) {
  const t = useTranslations(namespace);
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const [confirming, setConfirming] = useState(false);

  const errorText = useApiErrorText();
  const remove = async () => {
    const failed = await removeItem().then(
      () => null,
      (error: unknown) => failureOf(error),
    );
    setConfirming(false);
    if (!failed) showSnackbar(t('removed'), 'success', t('close'));
    // A refusal that names its reason (the open ride it holds) says it; anything else the generic failure.
    else showSnackbar(failed.key ? errorText(failed) : t('removeFailed'), 'failure', t('close'));
  };

  const dialog = confirming ? (
    <ConfirmDialog
      texts={{ title, body: t('removeBody'), confirm: t('confirmRemove'), cancel: t('keep') }}
      onConfirm={remove}
      onClose={() => setConfirming(false)}
    />
  ) : null;
  return { ask: () => setConfirming(true), dialog };
}
