import { getTranslations } from 'next-intl/server';
import { formatDuration, formatKm } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import { routeFareTable } from '@/lib/seo/fares';
import { SEO_PATHS } from '@/lib/seo/paths';
import { fareCards, routesFromPlace, type ServiceRoute } from '@/lib/seo/site-data';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { Heading } from './heading';
import { BookingCta, CallSection, FaresSection, PopularRoutes, ReviewsSection, RideOptions } from './place-sections';
import styles from './seo.module.css';

/** A "{from} to {to} taxi" page: the route's own estimate and live fares, claims, call, the way back and more routes. */
export async function RouteDetails({ tenant, route, locale }: { tenant: Tenant; route: ServiceRoute; locale: string }) {
  const t = await getTranslations('RoutePage');
  const cards = await fareCards(tenant.id, tenant.currency);
  const others = (await routesFromPlace(tenant.id, route.from.slug)).filter((r) => r.to.slug !== route.to.slug);
  const names = { fromName: route.from.name, toName: route.to.name, businessName: tenant.name };
  const idPrefix = `route-${route.from.slug}-${route.to.slug}`;
  const section = { tenant, place: route.from, level: 2 as const, idPrefix };
  return (
    <article aria-labelledby={`${idPrefix}-title`}>
      <Heading level={1} id={`${idPrefix}-title`} className={styles.heading}>
        {t('heading', names)}
      </Heading>
      <p className={styles.lead}>{t('intro', { ...names, distance: formatKm(route.distanceM, locale), duration: formatDuration(route.durationS, locale) })}</p>
      <FaresSection {...section} tables={[routeFareTable(cards, route)]} locale={locale} title={t('faresTitle', names)} note={t('estimateNote')} />
      <ReviewsSection {...section} />
      <CallSection {...section} />
      <section className={ui.section} aria-labelledby={`${idPrefix}-return`}>
        <Heading level={2} id={`${idPrefix}-return`}>
          {t('returnTitle')}
        </Heading>
        <Link href={SEO_PATHS.route(route.to.slug, route.from.slug)}>{t('returnLink', names)}</Link>
      </section>
      <PopularRoutes {...section} routes={others} cards={cards} locale={locale} title={t('moreRoutesTitle', names)} />
      <RideOptions {...section} />
      {/* the form gets the very places this page priced, so its quote equals the table above */}
      <BookingCta
        label={t('bookCta', names)}
        level={2}
        idPrefix={idPrefix}
        href={SEO_PATHS.bookingWith({ from: route.from, to: route.to, kind: 'outstation' })}
      />
    </article>
  );
}
