import { getTranslations } from 'next-intl/server';
import { fareTables } from '@/lib/seo/fares';
import { PLACE_VIEWS, type PlaceView } from '@/lib/seo/place-views';
import { fareCards, routesFromPlace, type ServicePlace } from '@/lib/seo/site-data';
import { SEO_PATHS } from '@/lib/seo/paths';
import type { Tenant } from '@/lib/tenancy/queries';
import { below, Heading, type HeadingLevel } from './heading';
import { BookingCta, CallSection, FaresSection, PopularRoutes, ReliableService, ReviewsSection, RideOptions } from './place-sections';
import styles from './seo.module.css';

type Props = { tenant: Tenant; place: ServicePlace; view: PlaceView; locale: string; level: HeadingLevel };

/**
 * Place details (docs/requirements/crawler.md#place-pages): the translated heading with place and
 * business name, reliable service, ride options, live fares, reviews as text
 * claims, call, popular routes and the booking call to action.
 */
export async function PlaceDetails({ tenant, place, view, locale, level }: Props) {
  const t = await getTranslations('Place');
  const cards = await fareCards(tenant.id, tenant.currency);
  const routes = await routesFromPlace(tenant.id, place.slug);
  const tables = fareTables(cards, PLACE_VIEWS[view].blocks, routes[0]);
  const sub = below(level);
  const section = { tenant, place, level: sub, idPrefix: `${view}-${place.slug}` };
  const names = { placeName: place.name, businessName: tenant.name };
  return (
    <article aria-labelledby={`${section.idPrefix}-title`} className={level === 1 ? undefined : styles.nested}>
      <Heading level={level} id={`${section.idPrefix}-title`} className={styles.heading}>
        {t(`heading.${view}`, names)}
      </Heading>
      <p className={styles.lead}>{t(`intro.${view}`, names)}</p>
      <ReliableService {...section} />
      <RideOptions {...section} />
      <FaresSection {...section} tables={tables} locale={locale} />
      <PopularRoutes {...section} routes={routes} cards={cards} locale={locale} />
      <ReviewsSection {...section} />
      <CallSection {...section} />
      <BookingCta label={t('bookCta', { placeName: place.name })} level={sub} idPrefix={section.idPrefix} href={SEO_PATHS.bookingWith({ from: place })} />
    </article>
  );
}
