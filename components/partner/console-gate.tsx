'use client';

import { useEffect, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { useSession } from '@/components/auth/session-store';
import { PARTNER_ROLE, type ConsoleArea } from './sections';

/** Shows the console only to this area's partner; anyone else goes to the area's login (docs/requirements/partner.md#the-console-shell). */
export function ConsoleGate({ area, children }: { area: ConsoleArea; children: ReactNode }) {
  const t = useTranslations('ConsoleNav');
  const router = useRouter();
  const { status, me } = useSession();
  const allowed = me?.user_type === PARTNER_ROLE[area];

  useEffect(() => {
    if (status === 'ready' && !allowed) router.replace(`/${area}/login`);
  }, [status, allowed, area, router]);

  if (!allowed) return <p aria-busy="true">{t('loading')}</p>;
  return <>{children}</>;
}
