'use client';

import ui from '@/components/ui/ui.module.css';
import styles from './screen.module.css';

/** The loading line or the load error with a retry button of a console screen. */
export function LoadState({
  status,
  loading,
  error,
  retry,
  onRetry,
}: {
  status: 'loading' | 'error';
  loading: string;
  error: string;
  retry: string;
  onRetry: () => void;
}) {
  if (status === 'loading') {
    return (
      <p role="status" aria-busy="true" className={styles.muted}>
        {loading}
      </p>
    );
  }
  return (
    <div role="alert" className={styles.toolbar}>
      <p className={styles.error}>{error}</p>
      <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
