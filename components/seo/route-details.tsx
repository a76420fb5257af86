import { getTranslations } from 'next-intl/server';
import { formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import type { Market } from '@/lib/i18n/markets';
import { airportName, clockText, distanceText, fareNote, placeName } from '@/lib/seo/catalogue/display';
import type { RouteModel } from '@/lib/seo/catalogue/place-models';
import { fromTotal, RETURN_BACK, RETURN_OUT } from '@/lib/seo/catalogue/trip-fares';
import { SEO_PATHS } from '@/lib/seo/paths';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { FareLines } from './fare-lines';
import { BookingCta } from './place-sections';
import { TripList } from './trip-list';
import styles from './seo.module.css';

/** A "{from} to {to} taxi" page: the route's fares one way and for a day out, the towns on the way, what is at the other end, and more routes. */
export async function RouteDetails({ tenant, market, locale, model }: { tenant: Tenant; market: Market; locale: string; model: RouteModel }) {
  const t = await getTranslations('RoutePage');
  const ta = await getTranslations('Airports');
  const tf = await getTranslations('PageFares');
  const lang = market.lang;
  const names = { fromName: placeName(model.from, lang), toName: placeName(model.to, lang), businessName: tenant.name };
  const money = (minor: number) => formatMoney(minor, tenant.currency, locale);
  const fareTable = (day: RouteModel['oneWay']['day'], caption: string) => (
    <FareLines fares={{ ...model.oneWay, day, night: undefined, nightHours: undefined }} caption={caption} currency={tenant.currency} locale={locale} />
  );
  return (
    <article aria-labelledby="title">
      <h1 id="title" className={styles.heading}>
        {t('heading', names)}
      </h1>
      <p className={styles.lead}>
        {t('lead', {
          distance: distanceText(model.oneWay, locale, tf),
          duration: formatDuration(model.oneWay.durationS, locale),
          fare: money(fromTotal(model.oneWay)),
        })}
      </p>
      <section className={ui.section} aria-labelledby="fares">
        <h2 id="fares">{t('faresTitle', names)}</h2>
        {fareTable(model.oneWay.day, t('oneWayCaption', names))}
        {model.sameDayReturn
          ? fareTable(model.sameDayReturn, t('returnCaption', { out: clockText(RETURN_OUT, locale), back: clockText(RETURN_BACK, locale) }))
          : null}
        <p className={ui.muted}>{fareNote(model.oneWay, locale, tf)}</p>
      </section>
      {model.onTheWay.length ? (
        <section className={ui.section} aria-labelledby="way">
          <h2 id="way">{t('onTheWayTitle', names)}</h2>
          <p>{model.onTheWay.map((town) => t('onTheWayItem', { town: placeName(town, lang), distance: formatKm(town.distanceM, locale) })).join(' · ')}</p>
        </section>
      ) : null}
      {model.airports.length || model.localities.length ? (
        <section className={ui.section} aria-labelledby="arriving">
          <h2 id="arriving">{t('arrivingTitle', names)}</h2>
          <ul>
            {model.airports.map((airport) => (
              <li key={airport.slug}>
                <Link href={SEO_PATHS.airport(airport.code!)}>{airportName(airport, lang, ta)}</Link>
              </li>
            ))}
            {model.localities.map((locality) => (
              <li key={locality.slug}>
                <Link href={SEO_PATHS.locality(model.to.slug, locality.slug)}>{placeName(locality, lang)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={ui.section} aria-labelledby="more">
        <h2 id="more">{t('moreRoutesTitle', names)}</h2>
        <p>
          <Link href={SEO_PATHS.route(model.to.slug, model.from.slug)}>{t('returnLink', names)}</Link>
        </p>
        {model.more.length ? (
          <TripList
            trips={model.more}
            hrefOf={(trip) => SEO_PATHS.route(model.from.slug, trip.place.slug)}
            currency={tenant.currency}
            locale={locale}
            lang={lang}
          />
        ) : null}
      </section>
      {/* the form gets the very places this page priced, so its quote equals the table above */}
      <BookingCta label={t('bookCta', names)} level={2} idPrefix="route" href={SEO_PATHS.bookingWith({ from: model.from, to: model.to, kind: 'outstation' })} />
    </article>
  );
}
