import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/i18n/format';
import type { Market } from '@/lib/i18n/markets';
import { placeName } from '@/lib/seo/catalogue/display';
import type { PlaceModel } from '@/lib/seo/catalogue/place-models';
import { SEO_PATHS } from '@/lib/seo/paths';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { below, Heading, type HeadingLevel } from './heading';
import { BookingCta, CallSection, ReviewsSection } from './place-sections';
import { TripList } from './trip-list';
import styles from './seo.module.css';

type Props = { tenant: Tenant; market: Market; locale: string; model: PlaceModel; level: HeadingLevel };

/**
 * A city's place page (docs/requirements/crawler.md#place-pages): the operator's airports there with the pickup fare, its locality
 * pages with the fare from the centre, its routes, rentals, what riders say (only riders), call and book.
 */
export async function PlaceDetails({ tenant, market, locale, model, level }: Props) {
  const t = await getTranslations('Place');
  const lang = market.lang;
  const city = placeName(model.city, lang);
  const sub = below(level);
  const idPrefix = `place-${model.city.slug}`;
  const section = { tenant, place: { name: city }, level: sub, idPrefix };
  const names = { placeName: city, businessName: tenant.name };
  const list = (id: string, title: string, trips: PlaceModel['airports'], hrefOf: (slug: string, code?: string) => string) =>
    trips.length ? (
      <section className={ui.section} aria-labelledby={`${idPrefix}-${id}`}>
        <Heading level={sub} id={`${idPrefix}-${id}`}>
          {title}
        </Heading>
        <TripList trips={trips} hrefOf={(trip) => hrefOf(trip.place.slug, trip.place.code)} currency={tenant.currency} locale={locale} lang={lang} />
      </section>
    ) : null;
  return (
    <article aria-labelledby={`${idPrefix}-title`} className={level === 1 ? undefined : styles.nested}>
      <Heading level={level} id={`${idPrefix}-title`} className={styles.heading}>
        {t('heading.place', names)}
      </Heading>
      <p className={styles.lead}>{t('summary', { airports: model.airports.length, localities: model.localities.length, routes: model.routes.length })}</p>
      {list('airports', t('airportsTitle', names), model.airports, (_, code) => SEO_PATHS.airport(code!))}
      {list('localities', t('localitiesTitle', names), model.localities, (slug) => SEO_PATHS.locality(model.city.slug, slug))}
      {list('routes', t('routesTitle', names), model.routes, (slug) => SEO_PATHS.route(model.city.slug, slug))}
      {model.rental ? (
        <p>{t('rentalLine', { hours: model.rental.hours, km: model.rental.km, price: formatMoney(model.rental.price, tenant.currency, locale) })}</p>
      ) : null}
      <p>{t('payment', { card: model.card ? 'yes' : 'no' })}</p>
      <ReviewsSection {...section} />
      <CallSection {...section} />
      <BookingCta label={t('bookCta', names)} level={sub} idPrefix={idPrefix} href={SEO_PATHS.bookingWith({ from: model.city })} />
    </article>
  );
}
