import { SiteShell } from '@/components/layout/site-shell';
import { pageContext } from '@/lib/tenancy/page-tenant';
import { PartnerLoginPage } from './partner-login-page';
import { metadata, type Route } from './route-metadata';

/** travel/login, business/login, delivery/login */
export function loginRoute(area: 'travel' | 'delivery'): Route {
  return {
    generateMetadata: metadata('loginTitle'),
    Page: async ({ params }) => {
      const { tenant, market } = await pageContext(params);
      return (
        <SiteShell tenant={tenant} market={market} showAccount={false}>
          <PartnerLoginPage tenant={tenant} market={market} area={area} />
        </SiteShell>
      );
    },
  };
}
