'use client';

import { useId, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FleetCounters } from '@/lib/fleet/counters';
import ui from '@/components/ui/ui.module.css';
import { Counters, ListState, type FleetNamespace } from './fleet-ui';
import { SnackbarHost } from './snackbar-host';
import styles from './fleet.module.css';

/**
 * A fleet section: title with its Add button, Total/Online/Offline, the cards
 * (or loading, failure with a retry, empty with Add), the section's sheets
 * (`children`) and the snackbar.
 */
export function FleetScreen<T extends { counters: FleetCounters }, I>({
  namespace,
  list,
  items,
  renderItem,
  onAdd,
  notice,
  children,
}: {
  namespace: FleetNamespace;
  list: UseQueryResult<T>;
  items: (data: T) => I[];
  renderItem: (item: I) => ReactNode;
  onAdd: () => void;
  /** Shown under the counters (papers about to expire). */
  notice?: ReactNode;
  children?: ReactNode;
}) {
  const t = useTranslations(namespace);
  const id = useId();

  const addButton = (
    <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onAdd}>
      {t('add')}
    </button>
  );

  return (
    <section aria-labelledby={`${id}-title`} className={styles.screen}>
      <div className={styles.screenHead}>
        <h1 id={`${id}-title`}>{t('title')}</h1>
        {addButton}
      </div>
      <Counters counters={list.data?.counters} label={t('countersLabel')} names={{ total: t('total'), online: t('online'), offline: t('offline') }} />
      {notice}
      <ListState
        list={list}
        isEmpty={(data) => !items(data).length}
        texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), empty: t('empty') }}
        onRetry={() => void list.refetch()}
        emptyAction={addButton}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('listLabel')}>
            {items(data).map(renderItem)}
          </ul>
        )}
      </ListState>
      {children}
      <SnackbarHost />
    </section>
  );
}
