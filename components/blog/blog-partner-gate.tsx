'use client';

import { useEffect, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { useSession } from '@/components/auth/session-store';

/** blog/create outside a console area: any partner (travel or delivery) may write; anyone else goes to the travel login. */
export function BlogPartnerGate({ children }: { children: ReactNode }) {
  const t = useTranslations('BlogCreate');
  const router = useRouter();
  const { status, me } = useSession();
  const allowed = (PARTNER_ROLES as readonly string[]).includes(me?.user_type ?? '');

  useEffect(() => {
    if (status === 'ready' && !allowed) router.replace('/travel/login');
  }, [status, allowed, router]);

  if (!allowed) return <p aria-busy="true">{t('loading')}</p>;
  return <>{children}</>;
}
