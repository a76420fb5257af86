'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { signOut, useMe } from './session-store';
import ui from '@/components/ui/ui.module.css';

const PARTNER_ROLE = { travel: 'travelsx-partner', delivery: 'deliverx-partner' } as const;

/** The console home; a visitor without a partner session goes to the login of the area. */
export function ConsoleHome({ area }: { area: 'travel' | 'delivery' }) {
  const t = useTranslations('Console');
  const ta = useTranslations('Auth');
  const router = useRouter();
  const { status, me } = useMe();
  const allowed = me?.user_type === PARTNER_ROLE[area];

  useEffect(() => {
    if (status === 'ready' && !allowed) router.replace(`/${area}/login`);
  }, [status, allowed, area, router]);

  if (!allowed) return <p aria-busy="true">{t('loading')}</p>;
  return (
    <section>
      <h1>{t('welcome', { name: me.name || me.business_name })}</h1>
      <p>{t('intro')}</p>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Link href="/user/home" className={`${ui.button} ${ui.primary}`}>
          {t('riderSite')}
        </Link>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          onClick={async () => {
            await signOut();
            router.replace(`/${area}/login`);
          }}
        >
          {ta('signOut')}
        </button>
      </div>
    </section>
  );
}
