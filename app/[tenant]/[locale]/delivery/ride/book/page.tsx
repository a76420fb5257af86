import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { BookForCustomer } from '@/components/partner/rides/book-for-customer';
import { getDb } from '@/lib/db/client';
import { activeRateCards } from '@/lib/fares/rate-cards';
import { COUNTRIES } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'ConsoleBooking' });
  return { title: t('title'), robots: { index: false } };
}

export default async function DeliveryBookRidePage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  const cards = await activeRateCards(await getDb(), tenant);
  const packages = (cards[0]?.rentalPackages ?? []).map(({ code, hours, km }) => ({ code, hours, km }));
  return (
    <ConsolePage params={params} area="delivery" namespaces={['ConsoleBooking', 'Booking', 'TripKinds', 'VehicleTypes']}>
      <BookForCustomer area="delivery" timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} packages={packages} />
    </ConsolePage>
  );
}
