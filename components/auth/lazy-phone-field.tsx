'use client';

import { Suspense, useEffect, useRef, type ComponentProps, type RefObject } from 'react';
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import type { PhoneField as PhoneFieldComponent } from './phone-field';
import { onDemand } from '@/lib/ui/on-demand';
import { loadFieldSchemas } from './field-schemas';
import styles from './auth.module.css';

/*
 * The phone input (react-phone-number-input with libphonenumber's metadata,
 * ~47 kB gzipped) is fetched on demand: a page that shows a phone field starts
 * the fetch when the visitor first interacts with its form (`loadPhoneField`)
 * or focuses the field. Until then the field is a placeholder of the same
 * label and height, so nothing moves when the real input replaces it.
 */

// with the shared phone schema its messages come from (./field-error)
const phoneField = onDemand(async () => (await Promise.all([import('./phone-field'), loadFieldSchemas()]))[0].PhoneField);
const PhoneField = phoneField.Component;

/** Fetches the phone input once (again after a failed fetch); safe to call on every interaction. */
export const loadPhoneField = phoneField.load;

/** PhoneField, fetched on demand; the same props. */
export function LazyPhoneField(props: ComponentProps<typeof PhoneFieldComponent>) {
  // rendered only once fetched, so the lazy component never waits on the network
  const ready = phoneField.useLoaded();
  const focusOnLoad = useRef(false);
  const placeholder = (
    <PhoneFieldPlaceholder
      id={props.id}
      onWanted={(focused) => {
        focusOnLoad.current ||= focused;
        void loadPhoneField().catch(() => {});
      }}
    />
  );
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PhoneField {...props} />
      <FocusOnMount id={props.id} wanted={focusOnLoad} />
    </Suspense>
  );
}

/** Moves focus to the real input when the visitor had focused the placeholder. */
function FocusOnMount({ id, wanted }: { id: string; wanted: RefObject<boolean> }) {
  useEffect(() => {
    if (wanted.current) document.getElementById(id)?.focus();
  }, [id, wanted]);
  return null;
}

/** The field's label and a blank input row of the phone input's height. */
function PhoneFieldPlaceholder({ id, onWanted }: { id: string; onWanted: (focused: boolean) => void }) {
  const t = useTranslations('Auth');
  return (
    <div className={ui.field}>
      <label htmlFor={id}>{t('phoneLabel')}</label>
      <div className={styles.phone}>
        <input
          id={id}
          className={ui.input}
          type="tel"
          dir="ltr"
          autoComplete="tel"
          readOnly
          onFocus={() => onWanted(true)}
          onPointerDown={() => onWanted(true)}
        />
      </div>
    </div>
  );
}
