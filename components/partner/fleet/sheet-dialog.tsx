'use client';

import type { ReactNode } from 'react';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { SnackbarHost } from './snackbar-host';
import styles from './controls.module.css';

/**
 * A modal bottom sheet: the draggable sheet on phones, a centred panel on wide
 * screens; Escape or a tap on the backdrop closes it (unless `busy`).
 */
export function SheetDialog({
  titleId,
  handleLabel,
  busy,
  onClose,
  children,
}: {
  titleId: string;
  handleLabel: string;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useModalDialog();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <dialog
      ref={dialog}
      className={styles.sheetDialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <BottomSheet handleLabel={handleLabel} labelledBy={titleId}>
        {children}
      </BottomSheet>
      <SnackbarHost />
    </dialog>
  );
}
