import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingPage } from '@/components/booking/booking-page';
import { VehicleStep } from '@/components/booking/vehicle-step';
import { OpenMapStyle } from '@/components/maps/open-map-style';
import { openMapStyleUrl } from '@/lib/maps/open-map';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('vehiclesTitle'), robots: { index: false } };
}

export default async function RideVehiclesPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <BookingPage tenant={tenant} market={market} namespaces={['Vehicles', 'VehicleTypes', 'Validation', 'AuthErrors', 'RideFlow', 'Maps', 'FareLines']}>
      <OpenMapStyle url={openMapStyleUrl()}>
        <VehicleStep />
      </OpenMapStyle>
    </BookingPage>
  );
}
