'use client';

import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import type { PhoneLogin as PhoneLoginForm } from './phone-login';

/*
 * The phone sign-in form (react-hook-form, zod's core and the shared schemas: about 25 kB gzipped) fetched when a
 * page first shows it. The chat and the WhatsApp page ask for a sign-in only on demand, in a dialog, so their
 * first-load JavaScript does not carry it.
 */
const PhoneLogin = lazy(() => import('./phone-login').then((m) => ({ default: m.PhoneLogin })));

export function LazyPhoneLogin(props: ComponentProps<typeof PhoneLoginForm>) {
  const t = useTranslations('Auth');
  return (
    <Suspense fallback={<p role="status">{t('loading')}</p>}>
      <PhoneLogin {...props} />
    </Suspense>
  );
}
