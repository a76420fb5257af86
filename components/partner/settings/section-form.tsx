'use client';

import { useId, type FormEvent, type ReactNode } from 'react';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import type { SettingsData } from './api';
import styles from './settings.module.css';

export type SectionProps = { settings: SettingsData; onSaved: () => void };

/** A labelled text field with its error line. */
export function TextField({
  name,
  label,
  hint,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
}) {
  const id = `${useId()}-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={screen.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        className={screen.control}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        dir={type === 'tel' ? 'ltr' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={screen.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A section card with its heading and a form. */
export function SectionForm({
  heading,
  hint,
  onSubmit,
  children,
}: {
  heading: string;
  hint?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{heading}</h2>
      {hint ? <p className={ui.hint}>{hint}</p> : null}
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit} className={styles.section}>
          {children}
        </form>
      ) : (
        children
      )}
    </section>
  );
}
