'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

export type Choices = { code: string; list: { business: string; name: string }[] };

/** After the code, when one e-mail runs several businesses: one button per business, the console of the one chosen opens. */
export function BusinessChoice({ choices, busy, error, onChoose }: { choices: Choices; busy: boolean; error?: string; onChoose: (business: string) => void }) {
  const t = useTranslations('Auth');
  const id = useId();
  return (
    <section className={styles.form} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('chooseBusiness')}</h2>
      {choices.list.map((choice) => (
        <button
          key={choice.business}
          type="button"
          className={`${ui.button} ${ui.secondary} ${styles.full}`}
          disabled={busy}
          onClick={() => onChoose(choice.business)}
        >
          {t('openBusiness', { name: choice.name })}
        </button>
      ))}
      {error ? (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      ) : null}
    </section>
  );
}
