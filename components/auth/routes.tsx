import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { pageContext, type PageParams, type PageRoute as Route } from '@/lib/tenancy/page-tenant';
import { ClientMessages } from '@/components/ui/client-messages';
import type { Messages } from '@/lib/i18n/messages';
import { PartnerLoginPage } from './partner-login-page';
import { SignupPage, type SignupKind } from './signup-page';
import { VerifyPhone } from './verify-phone';

function metadata(key: keyof Messages['Metadata']) {
  return async ({ params }: { params: PageParams }): Promise<Metadata> => {
    const { locale } = await pageContext(params);
    const t = await getTranslations({ locale, namespace: 'Metadata' });
    return { title: t(key), robots: { index: false } };
  };
}

/** travel/login, business/login, delivery/login */
export function loginRoute(area: 'travel' | 'delivery'): Route {
  return {
    generateMetadata: metadata('loginTitle'),
    Page: async ({ params }) => {
      const { tenant, market } = await pageContext(params);
      return (
        <SiteShell tenant={tenant} market={market} showAccount={false}>
          <PartnerLoginPage tenant={tenant} area={area} />
        </SiteShell>
      );
    },
  };
}

const SIGNUP_TITLES: Record<SignupKind, keyof Messages['Metadata']> = {
  travel: 'signupTitle',
  delivery: 'deliverySignupTitle',
  'campaign-driver': 'campaignDriverTitle',
  'campaign-shuttle': 'campaignShuttleTitle',
  'campaign-vehicles': 'campaignVehiclesTitle',
};

/** signup, business/signup, travelx/partner/signup, the delivery signups and the campaign pages */
export function signupRoute(kind: SignupKind): Route {
  return {
    generateMetadata: async ({ params }) => ({ ...(await metadata(SIGNUP_TITLES[kind])({ params })), robots: undefined }),
    Page: async ({ params }) => {
      const { tenant, market } = await pageContext(params);
      return (
        <SiteShell tenant={tenant} market={market} showAccount={false}>
          <SignupPage tenant={tenant} market={market} kind={kind} />
        </SiteShell>
      );
    },
  };
}

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
