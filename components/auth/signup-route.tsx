import type { Messages } from '@/lib/i18n/messages';
import { SiteShell } from '@/components/layout/site-shell';
import { pageContext } from '@/lib/tenancy/page-tenant';
import { SignupPage, type SignupKind } from './signup-page';
import { metadata, type Route } from './route-metadata';

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
