'use client';

import { useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@/lib/settings/schemas';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { useRemoveLogo, useUploadLogo } from './queries';
import { SectionForm } from './section-form';
import type { SettingsData } from './api';
import { useFailureText, useKeyText } from './use-failure-text';
import styles from './settings.module.css';

/** Logo upload (PNG, JPEG, WebP or SVG; the server checks and sanitises it and renders the icon set) and removal. */
export function LogoSection({ settings, onSaved }: { settings: SettingsData; onSaved: (message: string) => void }) {
  const t = useTranslations('Settings');
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const failureText = useFailureText();
  const keyText = useKeyText();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string>();
  const busy = upload.isPending || remove.isPending;
  return (
    <SectionForm
      heading={t('logo.heading')}
      hint={t('logo.hint')}
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        const file = input.current?.files?.[0];
        if (!file) return setError(keyText('logoMissing'));
        if (file.size > LOGO_MAX_BYTES) return setError(keyText('logoTooLarge', { max: `${LOGO_MAX_BYTES / 1024 / 1024} MB` }));
        upload.mutate(file, {
          onSuccess: () => {
            if (input.current) input.current.value = '';
            onSaved(t('logo.saved'));
          },
          onError: (e) => setError(failureText(e).text),
        });
      }}
    >
      <div className={styles.logoRow}>
        {settings.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={settings.logoUrl} alt={t('logo.current')} className={styles.logoPreview} width={96} height={96} />
        ) : (
          <p className={ui.hint}>{t('logo.none')}</p>
        )}
        <div className={screen.field}>
          <label htmlFor={`${id}-file`}>{t('logo.file')}</label>
          <input
            ref={input}
            id={`${id}-file`}
            name="file"
            type="file"
            accept={LOGO_TYPES.join(',')}
            className={screen.control}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={screen.error}>
          {error}
        </p>
      ) : null}
      <div className={screen.toolbar}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
          {upload.isPending ? t('saving') : t('logo.upload')}
        </button>
        {settings.logoUrl ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            disabled={busy}
            onClick={() => {
              setError(undefined);
              remove.mutate(undefined, { onSuccess: () => onSaved(t('logo.removed')), onError: (e) => setError(failureText(e).text) });
            }}
          >
            {t('logo.remove')}
          </button>
        ) : null}
      </div>
    </SectionForm>
  );
}
