import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { ClientMessages } from '@/components/ui/client-messages';
import { ProfileForm } from '@/components/rider/profile-form';
import { COUNTRIES } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import styles from '@/components/rider/rider.module.css';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Profile' });
  return { title: t('title'), robots: { index: false } };
}

/** The signed-in rider's name, e-mail and phone, and account deletion. */
export default async function ProfilePage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  const t = await getTranslations('Profile');
  return (
    <SiteShell tenant={tenant} market={market}>
      <div className={`${styles.page} ${styles.narrow}`}>
        <h1>{t('title')}</h1>
        <ClientMessages namespaces={['Profile', 'Auth', 'AuthErrors', 'Validation', 'RiderLogin']}>
          <ProfileForm defaultCountry={COUNTRIES[market.country].region} />
        </ClientMessages>
      </div>
    </SiteShell>
  );
}
