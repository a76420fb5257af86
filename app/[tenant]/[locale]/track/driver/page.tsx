import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { ClientMessages } from '@/components/ui/client-messages';
import { TrackDriver } from '@/components/tracking/track-driver';
import { OpenMapStyle } from '@/components/maps/open-map-style';
import { openMapStyleUrl } from '@/lib/maps/open-map';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

/** Reads the query string, so it renders per request. */
export const dynamic = 'force-dynamic';
export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'TrackDriver' });
  return { title: t('pageTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/** track/driver?rideId=[&token=] — the business's partners, the ride's rider and driver, or anyone with a live share link. */
export default async function TrackDriverPage({ params, searchParams }: { params: PageParams; searchParams: Promise<{ rideId?: string; token?: string }> }) {
  const { tenant, market } = await pageContext(params);
  const query = await searchParams;
  const raw = Number(query.rideId);
  const token = typeof query.token === 'string' ? query.token.slice(0, 100) : undefined;
  return (
    <SiteShell tenant={tenant} market={market}>
      <ClientMessages namespaces={['TrackDriver', 'PartnerRides', 'Auth', 'AuthErrors', 'Validation', 'RiderLogin', 'Maps', 'Flights']}>
        <OpenMapStyle url={openMapStyleUrl()}>
          <TrackDriver rideId={Number.isSafeInteger(raw) && raw > 0 ? raw : null} token={token} />
        </OpenMapStyle>
      </ClientMessages>
    </SiteShell>
  );
}
