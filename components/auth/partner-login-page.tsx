import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Tenant } from '@/lib/tenancy/queries';
import { ClientMessages } from '@/components/ui/client-messages';
import { PartnerLoginClient } from './partner-login-client';
import styles from './auth.module.css';

/** Travel, delivery and business login: logo (or name), e-mail, Continue, then the code popup. */
export async function PartnerLoginPage({ tenant, area }: { tenant: Tenant; area: 'travel' | 'delivery' }) {
  const t = await getTranslations('PartnerLogin');
  return (
    <div className={styles.centered}>
      {tenant.logoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={tenant.logoUrl} alt={tenant.name} className={styles.brandLogo} width={72} height={72} />
      ) : (
        <p className={styles.brandName}>{tenant.name}</p>
      )}
      <h1>{area === 'delivery' ? t('deliveryTitle') : t('title')}</h1>
      <p>{t('subtitle')}</p>
      <ClientMessages namespaces={['Auth', 'AuthErrors', 'Validation']}>
        <PartnerLoginClient userType={area === 'delivery' ? 'deliverx-partner' : 'travelsx-partner'} home={area === 'delivery' ? '/delivery/home' : '/travel/home'} />
      </ClientMessages>
      <p>
        {t('newHere')} <Link href={area === 'delivery' ? '/signup/delivery/partner' : '/signup'}>{t('signupLink')}</Link>
      </p>
    </div>
  );
}
