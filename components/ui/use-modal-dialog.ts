'use client';

import { useEffect, useRef } from 'react';

/**
 * Opens a `<dialog>` as a modal while mounted and, on unmount, closes it and
 * gives focus back to the element that had it (when it is still on the page).
 */
export function useModalDialog<T extends HTMLElement = HTMLElement>(initialFocus?: React.RefObject<T | null>) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (node && !node.open) node.showModal();
    initialFocus?.current?.focus();
    return () => {
      node?.close();
      if (opener?.isConnected) opener.focus();
    };
    // Runs once: the dialog opens on mount and closes on unmount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return dialog;
}
