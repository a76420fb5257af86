'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { checkBrandColour, normaliseHex } from '@/lib/settings/colour';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { useSaveColour } from './queries';
import { SectionForm, type SectionProps } from './section-form';
import { useFailureText, useKeyText } from './use-failure-text';
import styles from './settings.module.css';

/**
 * The brand colour: a picker and its code, a sample button with white text,
 * the contrast ratio, and (when white text fails WCAG AA) the refusal with the
 * nearest passing shade to take in one tap. The server checks it again.
 */
export function ColourSection({ settings, onSaved }: SectionProps) {
  const t = useTranslations('Settings');
  const save = useSaveColour();
  const failureText = useFailureText();
  const keyText = useKeyText();
  const id = useId();
  const [code, setCode] = useState(settings.brandColor);
  const [serverError, setServerError] = useState<string>();
  const hex = normaliseHex(code);
  const check = hex ? checkBrandColour(hex) : undefined;
  const localError = !hex
    ? keyText('colourInvalid')
    : check && !check.ok
      ? keyText('colourContrast', { colour: hex, ratio: check.ratio, suggestion: check.suggestion })
      : undefined;
  const error = serverError ?? localError;
  return (
    <SectionForm
      heading={t('colour.heading')}
      hint={t('colour.hint')}
      onSubmit={(event) => {
        event.preventDefault();
        setServerError(undefined);
        save.mutate(code, { onSuccess: onSaved, onError: (e) => setServerError(failureText(e).text) });
      }}
    >
      <div className={styles.colourRow}>
        <div className={screen.field}>
          <label htmlFor={`${id}-picker`}>{t('colour.label')}</label>
          <input
            id={`${id}-picker`}
            type="color"
            className={styles.swatch}
            value={hex ?? '#000000'}
            onChange={(event) => {
              setServerError(undefined);
              setCode(event.target.value);
            }}
          />
        </div>
        <div className={screen.field}>
          <label htmlFor={`${id}-code`}>{t('colour.code')}</label>
          <input
            id={`${id}-code`}
            name="colour"
            className={screen.control}
            value={code}
            maxLength={20}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setServerError(undefined);
              setCode(event.target.value);
            }}
          />
        </div>
        {hex ? (
          <span className={styles.sample} style={{ background: hex }} aria-hidden="true">
            {t('colour.sample')}
          </span>
        ) : null}
      </div>
      {check ? <p className={ui.hint}>{t('colour.ratio', { ratio: check.ratio })}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className={screen.error}>
          {error}
        </p>
      ) : null}
      <div className={screen.toolbar}>
        {check && !check.ok ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            onClick={() => {
              setServerError(undefined);
              setCode(check.suggestion);
            }}
          >
            {t('colour.useSuggestion', { colour: check.suggestion })}
          </button>
        ) : null}
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={save.isPending}>
          {save.isPending ? t('saving') : t('colour.save')}
        </button>
      </div>
    </SectionForm>
  );
}
