'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSettings as Settings } from '@/lib/push/schemas';
import { queryKeys } from '@/lib/query-keys';
import { fetchPushSettings, savePushSettings } from './api';
import ui from '@/components/ui/ui.module.css';
import styles from '@/components/rider/rider.module.css';
import own from './push-settings.module.css';

/** The profile's per-user push switch (GET/PUT /api/push/settings); saved on change. Needs Profile messages. */
export function PushSettings() {
  const t = useTranslations('Profile');
  const id = useId();
  const client = useQueryClient();
  const key = queryKeys.rider.pushSettings();
  const settings = useQuery({ queryKey: key, queryFn: fetchPushSettings });
  const [result, setResult] = useState<{ saved: boolean; message: string }>();
  // Optimistic: the box flips at once and flips back if the server refuses.
  const mutation = useMutation({
    mutationFn: savePushSettings,
    onMutate: (next: Settings) => {
      setResult(undefined);
      client.setQueryData<Settings>(key, next);
    },
    onError: (_error, next) => {
      client.setQueryData<Settings>(key, { pushEnabled: !next.pushEnabled });
      setResult({ saved: false, message: t('pushFailed') });
    },
    onSuccess: (saved) => {
      client.setQueryData<Settings>(key, saved);
      setResult({ saved: true, message: t('pushSaved') });
    },
  });
  const saving = mutation.isPending;
  const ready = settings.isSuccess;

  const save = (pushEnabled: boolean) => {
    if (!saving) mutation.mutate({ pushEnabled });
  };

  return (
    <section className={`${ui.card} ${styles.stack}`}>
      <fieldset className={own.fieldset} disabled={!ready} aria-busy={saving}>
        <legend className={own.legend}>
          <h2>{t('pushTitle')}</h2>
        </legend>
        <label className={own.switch}>
          <input
            type="checkbox"
            aria-describedby={`${id}-hint`}
            checked={ready && settings.data.pushEnabled}
            onChange={(event) => save(event.target.checked)}
          />
          {t('pushLabel')}
        </label>
        <p id={`${id}-hint`} className={`${styles.muted} ${own.hint}`}>
          {t('pushHint')}
        </p>
      </fieldset>
      <p role="status" className={styles.status}>
        {result?.saved ? result.message : ''}
      </p>
      {settings.isError ? (
        <p role="alert" className={ui.error}>
          {t('pushLoadError')}
        </p>
      ) : null}
      {result && !result.saved ? (
        <p role="alert" className={ui.error}>
          {result.message}
        </p>
      ) : null}
    </section>
  );
}
