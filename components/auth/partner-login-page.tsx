import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Tenant } from '@/lib/tenancy/queries';
import { localizedPath, type Market } from '@/lib/i18n/markets';
import { isPlatformTenant, platformOrigin } from '@/lib/tenancy/platform';
import { ClientMessages } from '@/components/ui/client-messages';
import { PartnerLoginClient } from './partner-login-client';
import styles from './auth.module.css';

/** Travel, delivery and business login: logo (or name), e-mail, Continue, then the code popup. */
export async function PartnerLoginPage({ tenant, market, area }: { tenant: Tenant; market: Market; area: 'travel' | 'delivery' }) {
  const t = await getTranslations('PartnerLogin');
  const signupPath = area === 'delivery' ? '/signup/delivery/partner' : '/signup';
  // new operators sign up on the platform's host, never on an operator's site
  const signupLink = isPlatformTenant(tenant) ? (
    <Link href={signupPath}>{t('signupLink')}</Link>
  ) : (
    <a href={`${platformOrigin()}${localizedPath(market, signupPath)}`}>{t('signupLink')}</a>
  );
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
        <PartnerLoginClient
          userType={area === 'delivery' ? 'deliverx-partner' : 'travelsx-partner'}
          home={area === 'delivery' ? '/delivery/home' : '/travel/home'}
        />
      </ClientMessages>
      <p>
        {t('newHere')} {signupLink}
      </p>
    </div>
  );
}
