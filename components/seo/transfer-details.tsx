import { getTranslations } from 'next-intl/server';
import { formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import type { Market } from '@/lib/i18n/markets';
import { airportName, distanceText, fareNote, placeName } from '@/lib/seo/catalogue/display';
import type { TransferModel } from '@/lib/seo/catalogue/page-models';
import { sameFares, type TripFares } from '@/lib/seo/catalogue/trip-fares';
import { SEO_PATHS } from '@/lib/seo/paths';
import { greatCircleMeters } from '@/lib/road-distance/estimate';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { AirportRules } from './airport-rules';
import { FareLines } from './fare-lines';
import styles from './seo.module.css';

/** A transfer page: one airport and one place, both directions, with the pickup rules, the place's own facts and the nearby transfers. */
export async function TransferDetails({ tenant, market, locale, model }: { tenant: Tenant; market: Market; locale: string; model: TransferModel }) {
  const t = await getTranslations('TransferPage');
  const ta = await getTranslations('Airports');
  const tr = await getTranslations('AirportPage');
  const tf = await getTranslations('PageFares');
  const lang = market.lang;
  const airport = airportName(model.airport, lang, ta);
  const place = placeName(model.destination, lang);
  const money = (minor: number) => formatMoney(minor, tenant.currency, locale);
  const names = { airport, place, businessName: tenant.name };
  const fareTable = (fares: TripFares, caption: string) => <FareLines fares={fares} caption={caption} currency={tenant.currency} locale={locale} />;
  const airportPlace = { name: `${model.airport.name} (${model.airport.code})`, lat: model.airport.lat, lng: model.airport.lng };
  const destinationPlace = { name: model.destination.name, lat: model.destination.lat, lng: model.destination.lng };
  const facts = [
    model.destination.postcode ? tf('pin', { postcode: model.destination.postcode }) : undefined,
    model.destination.region,
    t('placeFacts', { km: formatKm(greatCircleMeters(model.airport, model.destination), locale) }),
  ].filter(Boolean);
  return (
    <article aria-labelledby="title">
      <h1 id="title" className={styles.heading}>
        {t('heading', names)}
      </h1>
      <p className={styles.lead}>
        {t('lead', {
          distance: distanceText(model.there, locale, tf),
          duration: formatDuration(model.there.durationS, locale),
          kind: model.there.tripKind,
          businessName: tenant.name,
        })}
      </p>
      <section className={ui.section} aria-labelledby="fares">
        <h2 id="fares">{t('faresTitle')}</h2>
        {sameFares(model.there, model.back) ? (
          fareTable(model.there, tf('eachWay', { from: airport, to: place }))
        ) : (
          <>
            {fareTable(model.there, tf('oneWay', { from: airport, to: place }))}
            {fareTable(model.back, tf('oneWay', { from: place, to: airport }))}
          </>
        )}
        <p className={ui.muted}>{fareNote(model.there, locale, tf)}</p>
        <div className={styles.actions}>
          <Link className={`${ui.button} ${ui.primary}`} href={SEO_PATHS.bookingWith({ from: airportPlace, to: destinationPlace, kind: model.there.tripKind })}>
            {t('bookThere', names)}
          </Link>
          <Link
            className={`${ui.button} ${ui.secondary}`}
            href={SEO_PATHS.bookingWith({ from: destinationPlace, to: airportPlace, kind: model.back.tripKind })}
          >
            {t('bookBack', names)}
          </Link>
        </div>
      </section>
      <AirportRules
        rules={model.rules}
        title={tr('rulesTitle', { airport })}
        businessName={tenant.name}
        currency={tenant.currency}
        locale={locale}
        lang={lang}
      />
      <section className={ui.section} aria-labelledby="place">
        <h2 id="place">{place}</h2>
        <p>{facts.join(', ')}</p>
        <ul>
          {model.localityOf ? (
            <li>
              <Link href={SEO_PATHS.locality(model.localityOf, model.destination.slug)}>{t('localityLink', names)}</Link>
            </li>
          ) : null}
          {model.cityPage ? (
            <li>
              <Link href={SEO_PATHS.place(model.cityPage)}>{t('cityLink', names)}</Link>
            </li>
          ) : null}
          <li>
            <Link href={SEO_PATHS.airport(model.airport.code)}>{t('airportLink', names)}</Link>
          </li>
        </ul>
      </section>
      {model.nearby.length ? (
        <section className={ui.section} aria-labelledby="nearby">
          <h2 id="nearby">{t('nearbyTitle', names)}</h2>
          <ul>
            {model.nearby.map((trip) => (
              <li key={trip.place.slug}>
                <Link href={SEO_PATHS.transfer(model.airport.code, trip.place.slug)}>{placeName(trip.place, lang)}</Link>
                {`: ${distanceText(trip, locale, tf)}, ${money(trip.fromTotal)}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
