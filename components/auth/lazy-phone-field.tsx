'use client';

import { useEffect, useRef, useSyncExternalStore, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import type { PhoneField as PhoneFieldComponent } from './phone-field';
import styles from './auth.module.css';

/*
 * The phone input (react-phone-number-input with libphonenumber's metadata,
 * ~47 kB gzipped) is fetched on demand: a page that shows a phone field starts
 * the fetch when the visitor first interacts with its form (`loadPhoneField`)
 * or focuses the field. Until then the field is a placeholder of the same
 * label and height, so nothing moves when the real input replaces it.
 */

let loaded: typeof PhoneFieldComponent | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Fetches the phone input once; safe to call on every interaction. */
export function loadPhoneField(): Promise<void> {
  loading ??= import('./phone-field').then(
    (m) => {
      loaded = m.PhoneField;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = undefined; // a failed fetch (offline) is retried on the next interaction
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** PhoneField, fetched on demand; the same props. */
export function LazyPhoneField(props: ComponentProps<typeof PhoneFieldComponent>) {
  const Field = useSyncExternalStore(subscribe, () => loaded, () => undefined);
  const focusOnLoad = useRef(false);
  useEffect(() => {
    if (Field && focusOnLoad.current) document.getElementById(props.id)?.focus();
  }, [Field, props.id]);
  if (Field) return <Field {...props} />;
  return (
    <PhoneFieldPlaceholder
      id={props.id}
      onWanted={(focused) => {
        focusOnLoad.current ||= focused;
        void loadPhoneField().catch(() => {});
      }}
    />
  );
}

/** The field's label and a blank input row of the phone input's height. */
function PhoneFieldPlaceholder({ id, onWanted }: { id: string; onWanted: (focused: boolean) => void }) {
  const t = useTranslations('Auth');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('phoneLabel')}</label>
      <div className={styles.phone}>
        <input id={id} type="tel" autoComplete="tel" readOnly onFocus={() => onWanted(true)} onPointerDown={() => onWanted(true)} />
      </div>
    </div>
  );
}
