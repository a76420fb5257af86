'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { LazyPhoneLogin } from '@/components/auth/lazy-phone-login';
import { useSession, useSessionStore } from '@/components/auth/session-store';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import styles from './booking.module.css';
import { BackArrow } from '@/components/ui/back-arrow';

/** 'Book Taxi with Whatsapp AI' (docs/requirements/rider.md#booking-on-whatsapp): signed-in riders go straight to WhatsApp; others sign in by code first. */
export function WhatsAppBooking({ link, defaultCountry }: { link: string | undefined; defaultCountry: string }) {
  const t = useTranslations('WhatsAppBooking');
  const tAuth = useTranslations('Auth');
  const router = useRouter();
  const { me } = useSession();
  const [signIn, setSignIn] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    if (signIn) dialog.current?.showModal();
    else dialog.current?.close();
  }, [signIn]);

  return (
    <section className={styles.confirmation} aria-labelledby={`${id}-title`}>
      <button type="button" className={styles.backButton} onClick={() => router.push('/user/home')}>
        <BackArrow /> {t('back')}
      </button>
      <p className={ui.hint}>{t('title')}</p>
      <h1 id={`${id}-title`}>{t('heading')}</h1>
      <p>{t('body')}</p>
      {link ? (
        me ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className={`${ui.button} ${ui.primary}`}>
            {t('button')}
          </a>
        ) : (
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setSignIn(true)}>
            {t('button')}
          </button>
        )
      ) : (
        <p role="status">{t('noPhone')}</p>
      )}
      <p className={ui.hint}>{t('note')}</p>
      {signIn ? (
        <dialog ref={dialog} className={auth.dialog} aria-labelledby={`${id}-signin`} onCancel={() => setSignIn(false)}>
          <h2 id={`${id}-signin`}>{t('signInTitle')}</h2>
          <LazyPhoneLogin
            defaultCountry={defaultCountry}
            onSuccess={async () => {
              await useSessionStore.getState().refresh();
              setSignIn(false);
              if (link) window.open(link, '_blank', 'noopener');
            }}
          />
          <button type="button" className={auth.link} onClick={() => setSignIn(false)}>
            {tAuth('close')}
          </button>
        </dialog>
      ) : null}
    </section>
  );
}
