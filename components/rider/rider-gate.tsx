'use client';

import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { SignInDialog } from '@/components/auth/sign-in-dialog';
import { useSession, type Me } from '@/components/auth/session-store';
import ui from '@/components/ui/ui.module.css';
import styles from './rider.module.css';

type Props = { title: string; body: string; defaultCountry: string; children: (me: Me) => ReactNode };

/**
 * Shows its children only to a signed-in rider; otherwise the reason and the
 * phone sign-in. Needs the Auth, AuthErrors, Validation and RiderLogin messages.
 */
export function RiderGate({ title, body, defaultCountry, children }: Props) {
  const t = useTranslations('Auth');
  const { status, me } = useSession();
  const [signingIn, setSigningIn] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const focusOnSignIn = useRef(false);
  const id = useId();

  useEffect(() => {
    if (!me || !focusOnSignIn.current) return;
    focusOnSignIn.current = false;
    content.current?.focus();
  }, [me]);

  if (status === 'loading') {
    return (
      <p role="status" aria-busy="true" className={styles.muted}>
        {t('loading')}
      </p>
    );
  }
  if (me?.user_type === 'travelsx-user') {
    return (
      <div ref={content} tabIndex={-1} className={styles.stack}>
        <Fragment key={me.user_id}>{children(me)}</Fragment>
      </div>
    );
  }
  if (me) return <p className={styles.muted}>{t('riderOnly')}</p>;
  return (
    <section className={`${ui.card} ${styles.gate}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className={styles.muted}>{body}</p>
      <button
        type="button"
        className={`${ui.button} ${ui.primary}`}
        onClick={() => {
          focusOnSignIn.current = true;
          setSigningIn(true);
        }}
      >
        {t('signIn')}
      </button>
      {signingIn ? <SignInDialog defaultCountry={defaultCountry} onClose={() => setSigningIn(false)} /> : null}
    </section>
  );
}
