import { getLocale, getTranslations } from 'next-intl/server';
import { formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import { lowestTotal, routeFareTable, type FareTable as Fares } from '@/lib/seo/fares';
import { PLACE_TRIP_TYPE_SLUGS, PLACE_TRIP_TYPES, SEO_PATHS } from '@/lib/seo/paths';
import { siteRating, siteReviews, type ServicePlace, type ServiceRoute } from '@/lib/seo/site-data';
import { formatPhone, whatsappLink } from '@/lib/tenancy/contact';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { ltrText } from '@/lib/i18n/bidi';
import { FareTable } from './fare-table';
import { Heading, type HeadingLevel } from './heading';
import styles from './seo.module.css';

type Section = { tenant: Tenant; place: ServicePlace; level: HeadingLevel; idPrefix: string };
type Cards = Parameters<typeof routeFareTable>[0];

const CLAIMS = ['allDay', 'transparent', 'payment'] as const;

export async function ReliableService({ tenant, place, level, idPrefix }: Section) {
  const t = await getTranslations('Place');
  const id = `${idPrefix}-reliable`;
  return (
    <section className={ui.section} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {t('reliableTitle', { placeName: place.name })}
      </Heading>
      <p className={ui.prose}>{t('reliableBody', { placeName: place.name, businessName: tenant.name })}</p>
    </section>
  );
}

/** The four trip types, each linking to its page for this place. */
export async function RideOptions({ place, level, idPrefix }: Section) {
  const t = await getTranslations('Place');
  const id = `${idPrefix}-options`;
  return (
    <section className={ui.section} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {t('rideOptionsTitle', { placeName: place.name })}
      </Heading>
      <ul className={ui.grid}>
        {PLACE_TRIP_TYPE_SLUGS.map((type) => {
          const kind = PLACE_TRIP_TYPES[type];
          return (
            <li key={type} className={ui.card}>
              <Link href={SEO_PATHS.placeType(place.slug, type)}>
                <strong>{t(`option.${kind}`)}</strong>
              </Link>
              <p className={ui.muted}>{t(`optionBody.${kind}`)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export async function fareCaption(table: Fares, locale: string): Promise<string> {
  const t = await getTranslations('Place');
  const distance = formatKm(table.distanceM, locale);
  const duration = formatDuration(table.durationS, locale);
  if (table.rentalPackage) return t('fareCaption.rental', { hours: table.rentalPackage.hours, km: table.rentalPackage.km });
  if (table.route) return t('fareCaption.outstation', { fromName: table.route.fromName, toName: table.route.toName, distance, duration });
  return t(table.tripKind === 'airport' ? 'fareCaption.airport' : 'fareCaption.local', { distance, duration });
}

export async function FaresSection({
  tenant,
  place,
  level,
  idPrefix,
  tables,
  locale,
  title,
  note,
}: Section & { tables: Fares[]; locale: string; title?: string; note?: string }) {
  const t = await getTranslations('Place');
  const id = `${idPrefix}-fares`;
  const captions = await Promise.all(tables.map((table) => fareCaption(table, locale)));
  return (
    <section className={ui.section} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {title ?? t('faresTitle', { placeName: place.name })}
      </Heading>
      {tables.map((table, index) => (
        <FareTable key={captions[index]} table={table} caption={captions[index]} currency={tenant.currency} locale={locale} />
      ))}
      <p className={ui.muted}>{t('faresNote', { businessName: tenant.name })}</p>
      {note ? <p className={ui.muted}>{note}</p> : null}
    </section>
  );
}

/** Riders' real average and count (only when someone rated), the comments the operator approved, and the service claims. */
export async function ReviewsSection({ tenant, level, idPrefix }: Omit<Section, 'place'>) {
  const t = await getTranslations('Place');
  const tr = await getTranslations('SiteRating');
  const [rating, reviews] = await Promise.all([siteRating(tenant.id), siteReviews(tenant.id)]);
  const id = `${idPrefix}-reviews`;
  return (
    <section className={ui.section} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {t('reviewsTitle')}
      </Heading>
      {rating.count > 0 ? (
        <p data-testid="site-rating">
          <strong>{tr('summary', { average: rating.average.toFixed(1), count: rating.count })}</strong>
        </p>
      ) : null}
      {reviews.length ? (
        <ul className={styles.claims}>
          {reviews.map((review) => (
            <li key={`${review.createdAt}-${review.author}`}>
              <blockquote>
                <p>{review.comment}</p>
                <footer>
                  {review.author} · {tr('stars', { stars: review.stars })}
                </footer>
              </blockquote>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className={styles.claims}>
        {CLAIMS.map((claim) => (
          <li key={claim}>{t(`claims.${claim}`)}</li>
        ))}
      </ul>
    </section>
  );
}

export async function CallSection({ tenant, place, level, idPrefix }: Section) {
  const t = await getTranslations('Place');
  const phone = formatPhone(tenant);
  const whatsapp = whatsappLink(tenant, t('whatsappText', { businessName: tenant.name, placeName: place.name }));
  if (!phone) return null;
  const id = `${idPrefix}-call`;
  return (
    <section className={ui.section} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {t('callTitle')}
      </Heading>
      <p>{t('callBody', { businessName: tenant.name })}</p>
      <div className={styles.actions}>
        <a href={`tel:${phone.e164}`} className={`${ui.button} ${ui.primary}`}>
          {t('callLink', { phone: ltrText(phone.display, await getLocale()) })}
        </a>
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${ui.button} ${ui.secondary}`}>
            {t('whatsappLink')}
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** Popular routes from a place: distance, duration and the lowest live fare, each linking to its route page. */
export async function PopularRoutes({
  tenant,
  place,
  level,
  idPrefix,
  routes,
  cards,
  locale,
  title,
}: Section & { routes: ServiceRoute[]; cards: Cards; locale: string; title?: string }) {
  const t = await getTranslations('Place');
  const id = `${idPrefix}-routes`;
  return (
    <section className={ui.section} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {title ?? t('routesTitle', { placeName: place.name })}
      </Heading>
      {routes.length ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('routeColumns.route')}</th>
                <th scope="col">{t('routeColumns.distance')}</th>
                <th scope="col">{t('routeColumns.duration')}</th>
                <th scope="col">{t('routeColumns.fareFrom')}</th>
              </tr>
            </thead>
            <tbody>
              {routes.map((route) => {
                const from = lowestTotal(routeFareTable(cards, route));
                return (
                  <tr key={route.to.slug}>
                    <th scope="row">
                      <Link href={SEO_PATHS.route(route.from.slug, route.to.slug)}>{t('routeLink', { fromName: route.from.name, toName: route.to.name })}</Link>
                    </th>
                    <td>{formatKm(route.distanceM, locale)}</td>
                    <td>{formatDuration(route.durationS, locale)}</td>
                    <td>{from === undefined ? '–' : formatMoney(from, tenant.currency, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={ui.muted}>{t('noRoutes', { placeName: place.name })}</p>
      )}
    </section>
  );
}

/** The call to action that opens the booking form. */
/** The booking call to action; `href` carries the page's trip to the form (default: the empty form). */
export async function BookingCta({
  label,
  level,
  idPrefix,
  href = SEO_PATHS.booking(),
}: {
  label: string;
  level: HeadingLevel;
  idPrefix: string;
  href?: string;
}) {
  const t = await getTranslations('Place');
  const id = `${idPrefix}-book`;
  return (
    <section className={styles.cta} aria-labelledby={id}>
      <Heading level={level} id={id}>
        {t('bookTitle')}
      </Heading>
      <p>{t('bookBody')}</p>
      <Link href={href} className={`${ui.button} ${ui.primary}`}>
        {label}
      </Link>
    </section>
  );
}
