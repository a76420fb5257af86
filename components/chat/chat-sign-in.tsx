'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { LazyPhoneLogin } from '@/components/auth/lazy-phone-login';
import { useSessionStore } from '@/components/auth/session-store';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import auth from '@/components/auth/auth.module.css';

/** The phone-code popup of the chat: `onSignedIn` once the session is loaded, `onDismiss` when closed without signing in. */
export function ChatSignIn({ defaultCountry, onSignedIn, onDismiss }: { defaultCountry: string; onSignedIn: () => void; onDismiss: () => void }) {
  const t = useTranslations('Chat');
  const dialog = useModalDialog();
  const id = useId();
  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      <h2 id={`${id}-title`}>{t('signInTitle')}</h2>
      <p>{t('signInBody')}</p>
      <LazyPhoneLogin
        defaultCountry={defaultCountry}
        onSuccess={async () => {
          await useSessionStore.getState().refresh();
          onSignedIn();
        }}
      />
      <button type="button" className={auth.link} onClick={onDismiss}>
        {t('close')}
      </button>
    </dialog>
  );
}
