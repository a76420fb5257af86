'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { PhoneLogin } from './phone-login';
import { useSessionStore } from './session-store';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import auth from './auth.module.css';

/** The rider's phone sign-in as a modal dialog; closes once the session is loaded. Needs Auth, AuthErrors, Validation, RiderLogin. */
export function SignInDialog({ defaultCountry, onClose }: { defaultCountry: string; onClose: () => void }) {
  const t = useTranslations('Auth');
  const tr = useTranslations('RiderLogin');
  const dialog = useModalDialog();
  const id = useId();

  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{tr('title')}</h2>
      <p>{tr('subtitle')}</p>
      <PhoneLogin
        defaultCountry={defaultCountry}
        onSuccess={async () => {
          await useSessionStore.getState().refresh();
          onClose();
        }}
      />
      <button type="button" className={auth.link} onClick={onClose}>
        {t('close')}
      </button>
    </dialog>
  );
}
