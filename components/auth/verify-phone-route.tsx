import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { pageContext } from '@/lib/tenancy/page-tenant';
import { ClientMessages } from '@/components/ui/client-messages';
import { VerifyPhone } from './verify-phone';
import { metadata, type Route } from './route-metadata';

/** verify/phone: the partner code popup for the stored business e-mail, then the base route. */
export const verifyPhoneRoute: Route = {
  generateMetadata: metadata('verifyPhoneTitle'),
  Page: async ({ params }) => {
    const { tenant, market } = await pageContext(params);
    const t = await getTranslations('VerifyPhone');
    return (
      <SiteShell tenant={tenant} market={market} showAccount={false}>
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
        <ClientMessages namespaces={['Auth', 'AuthErrors', 'Validation']}>
          <VerifyPhone />
        </ClientMessages>
      </SiteShell>
    );
  },
};
