'use client';

import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useSession, useSessionStore, type Me } from './session-store';
import styles from './account-menu.module.css';

const RIDER_LINKS = [
  { href: '/user/rides', label: 'myRides' },
  { href: '/user/wallet', label: 'wallet' },
  { href: '/user/profile', label: 'profile' },
] as const;

/*
 * The sign-in sheet (phone input, code form, react-hook-form: ~60 kB gzipped)
 * is fetched on demand: when the pointer or focus reaches Sign in, or at the
 * latest on the click. It is a modal dialog, so nothing on the page moves.
 */
let signInDialog: Promise<typeof import('./sign-in-dialog')> | undefined;
const loadSignInDialog = () => {
  signInDialog ??= import('./sign-in-dialog').catch((error: unknown) => {
    signInDialog = undefined; // retried on the next attempt (e.g. back online)
    throw error;
  });
  return signInDialog;
};
const prefetchSignIn = () => void loadSignInDialog().catch(() => {});
const SignInDialog = lazy(() => loadSignInDialog().then((m) => ({ default: m.SignInDialog })));

const displayName = (me: Me) => me.name || (me.phone_number ? `+${me.country_code} ${me.phone_number}` : me.email);

/** Header control: Sign in (phone code) when signed out; when signed in, a menu with the rider's pages and Log out. */
export function AccountMenu({ defaultCountry }: { defaultCountry: string }) {
  const t = useTranslations('Auth');
  const { status, me } = useSession();
  const [signingIn, setSigningIn] = useState(false);

  if (status === 'loading') return <span className={styles.placeholder} aria-hidden="true" />;
  if (me) return <SignedInMenu me={me} />;
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onPointerEnter={prefetchSignIn}
        onPointerDown={prefetchSignIn}
        onFocus={prefetchSignIn}
        onClick={() => setSigningIn(true)}
      >
        {t('signIn')}
      </button>
      {signingIn ? (
        <Suspense fallback={null}>
          <SignInDialog defaultCountry={defaultCountry} onClose={() => setSigningIn(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function SignedInMenu({ me }: { me: Me }) {
  const t = useTranslations('Auth');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();

  useDismiss(open, () => setOpen(false), [root], toggle);

  return (
    <div className={styles.menu} ref={root}>
      <button ref={toggle} type="button" className={styles.button} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((v) => !v)}>
        {t('account')}
      </button>
      <div id={`${id}-panel`} className={styles.panel} hidden={!open}>
        <p className={styles.who}>{t('signedInAs', { name: displayName(me) })}</p>
        {me.user_type === 'travelsx-user' ? (
          <ul className={styles.links}>
            {RIDER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={styles.link} onClick={() => setOpen(false)}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <button type="button" className={styles.link} onClick={() => void useSessionStore.getState().signOut()}>
          {t('signOut')}
        </button>
      </div>
    </div>
  );
}
