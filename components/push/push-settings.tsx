'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { apiCall } from '@/lib/api/client';
import type { PushSettings as Settings } from '@/lib/push/schemas';
import { useApiData } from '@/components/rider/use-api-data';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import styles from '@/components/rider/rider.module.css';
import own from './push-settings.module.css';

/** The profile's per-user push switch (GET/PUT /api/push/settings); saved on change. Needs Profile messages. */
export function PushSettings() {
  const t = useTranslations('Profile');
  const id = useId();
  const { state, update } = useApiData<Settings>('/api/push/settings');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ saved: boolean; message: string }>();

  // Optimistic: the box flips at once and flips back if the server refuses.
  const save = async (pushEnabled: boolean) => {
    if (saving) return;
    setSaving(true);
    setResult(undefined);
    update(() => ({ pushEnabled }));
    const response = await apiCall<{ data: Settings }>('/api/push/settings', { method: 'PUT', body: { pushEnabled } });
    setSaving(false);
    if (!response.ok) {
      update(() => ({ pushEnabled: !pushEnabled }));
      setResult({ saved: false, message: t('pushFailed') });
      return;
    }
    update(() => response.data.data);
    setResult({ saved: true, message: t('pushSaved') });
  };

  return (
    <section className={`${ui.card} ${styles.stack}`}>
      <fieldset className={own.fieldset} disabled={state.status !== 'ready'} aria-busy={saving}>
        <legend className={own.legend}>
          <h2>{t('pushTitle')}</h2>
        </legend>
        <label className={own.switch}>
          <input type="checkbox" aria-describedby={`${id}-hint`} checked={state.status === 'ready' && state.data.pushEnabled} onChange={(event) => void save(event.target.checked)} />
          {t('pushLabel')}
        </label>
        <p id={`${id}-hint`} className={`${styles.muted} ${own.hint}`}>
          {t('pushHint')}
        </p>
      </fieldset>
      <p role="status" className={styles.status}>
        {result?.saved ? result.message : ''}
      </p>
      {state.status === 'error' ? <p role="alert" className={auth.error}>{t('pushLoadError')}</p> : null}
      {result && !result.saved ? <p role="alert" className={auth.error}>{result.message}</p> : null}
    </section>
  );
}
