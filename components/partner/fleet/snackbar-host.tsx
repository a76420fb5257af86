'use client';

import { useEffect, useState } from 'react';
import { useFleetStore } from './fleet-store';
import styles from './controls.module.css';

/**
 * Shows the fleet snackbar (success 5 s with a check icon, failure 3 s with
 * Close). Every screen and sheet mounts one and only the last mounted renders
 * it: an open sheet's host sits above the sheet's backdrop, and a snackbar
 * raised before a navigation shows on the next screen.
 */
export function SnackbarHost() {
  const [id] = useState(() => useFleetStore.getState().newHostId());
  const active = useFleetStore((s) => s.hosts[s.hosts.length - 1] === id);
  const snackbar = useFleetStore((s) => s.snackbar);
  const mountHost = useFleetStore((s) => s.mountHost);
  const dismissSnackbar = useFleetStore((s) => s.dismissSnackbar);

  useEffect(() => mountHost(id), [mountHost, id]);
  useEffect(() => {
    if (!active || !snackbar) return;
    const timer = setTimeout(() => dismissSnackbar(snackbar.id), Math.max(0, snackbar.until - Date.now()));
    return () => clearTimeout(timer);
  }, [active, snackbar, dismissSnackbar]);

  const shown = active ? snackbar : null;
  return (
    <div className={styles.snackLayer}>
      <div role="status">
        {shown?.tone === 'success' ? (
          <p className={styles.snackbar} data-tone="success">
            <span aria-hidden="true" className={styles.snackIcon}>
              ✓
            </span>
            <span>{shown.text}</span>
          </p>
        ) : null}
      </div>
      <div role="alert">
        {shown?.tone === 'failure' ? (
          <p className={styles.snackbar} data-tone="failure">
            <span>{shown.text}</span>
            <button type="button" className={styles.snackAction} onClick={() => dismissSnackbar(shown.id)}>
              {shown.closeLabel}
            </button>
          </p>
        ) : null}
      </div>
    </div>
  );
}
