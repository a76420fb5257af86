'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { PhoneLogin } from './phone-login';
import { refreshMe, signOut, useMe } from './session-store';
import styles from './account-menu.module.css';
import auth from './auth.module.css';

/** Header control: Sign in (phone code) when signed out; the rider's name and Log out when signed in. */
export function AccountMenu({ defaultCountry }: { defaultCountry: string }) {
  const t = useTranslations('Auth');
  const tr = useTranslations('RiderLogin');
  const { status, me } = useMe();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  if (status === 'loading') return <span className={styles.placeholder} aria-hidden="true" />;
  if (me) {
    return (
      <div className={styles.menu}>
        <span className={styles.who}>{t('signedInAs', { name: me.name || `+${me.country_code} ${me.phone_number}` || me.email })}</span>
        <button type="button" className={styles.button} onClick={() => void signOut()}>
          {t('signOut')}
        </button>
      </div>
    );
  }
  return (
    <>
      <button type="button" className={styles.button} onClick={() => setOpen(true)}>
        {t('signIn')}
      </button>
      {open ? (
        <dialog ref={dialog} className={auth.dialog} aria-labelledby={`${id}-title`} onCancel={() => setOpen(false)}>
          <h2 id={`${id}-title`}>{tr('title')}</h2>
          <p>{tr('subtitle')}</p>
          <PhoneLogin
            defaultCountry={defaultCountry}
            onSuccess={async () => {
              await refreshMe();
              setOpen(false);
            }}
          />
          <button type="button" className={auth.link} onClick={() => setOpen(false)}>
            {t('close')}
          </button>
        </dialog>
      ) : null}
    </>
  );
}
