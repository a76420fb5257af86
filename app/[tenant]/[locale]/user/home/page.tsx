import type { Metadata } from 'next';
import { SiteShell } from '@/components/layout/site-shell';
import { RiderHero, ServedCities, TripKinds } from '@/components/site/rider-home';
import { Offer } from '@/components/site/offer';
import { BookingPanel } from '@/components/booking/booking-panel';
import { JsonLd } from '@/components/seo/json-ld';
import { PlaceDetails } from '@/components/seo/place-details';
import { HomeBlogCards } from '@/components/blog/home-blog-cards';
import styles from '@/components/booking/booking.module.css';
import { homeSeo, seoJsonLd, seoMetadata } from '@/lib/seo/page-seo';
import { placePage } from '@/lib/seo/catalogue/page-data';
import { servicePlaces } from '@/lib/seo/site-data';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { tenant, market, locale } = await pageContext(params);
  return seoMetadata(tenant, market, await homeSeo(tenant, locale));
}

/** The user home composite: header, booking tabs beside the hero, offer, place details of the main city, cities, the newest three blog posts. */
export default async function UserHomePage({ params }: { params: PageParams }) {
  const { tenant, market, locale } = await pageContext(params);
  const cities = await servicePlaces(tenant.id);
  const main = cities[0] ? await placePage(tenant, cities[0].slug) : undefined;
  const seo = await homeSeo(tenant, locale);
  return (
    <SiteShell tenant={tenant} market={market}>
      {/* The booking card first on phones; beside the hero on desktop. */}
      <div className={styles.homeTop}>
        <div className={styles.homeCard}>
          <BookingPanel tenant={tenant} market={market} locale={locale} />
        </div>
        <RiderHero tenant={tenant} />
      </div>
      <Offer tenant={tenant} />
      {main ? null : <TripKinds />}
      {main ? <PlaceDetails tenant={tenant} market={market} locale={locale} model={main} level={2} /> : null}
      <ServedCities cities={cities} />
      <HomeBlogCards tenant={tenant} language={market.lang} />
      <JsonLd data={await seoJsonLd(tenant, market, seo)} />
    </SiteShell>
  );
}
