import { getTranslations } from 'next-intl/server';
import { formatDuration, formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import type { Market } from '@/lib/i18n/markets';
import { airportName, distanceText, fareNote, placeName } from '@/lib/seo/catalogue/display';
import type { AirportModel } from '@/lib/seo/catalogue/page-models';
import { fromTotal, sameFares } from '@/lib/seo/catalogue/trip-fares';
import { SEO_PATHS } from '@/lib/seo/paths';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { AirportRules } from './airport-rules';
import { FareLines } from './fare-lines';
import { BookingCta } from './place-sections';
import { TripList } from './trip-list';
import styles from './seo.module.css';

/** An airport page: fares to and from the city centre, the operator's rules there, every transfer with its fare, and the booking form with the airport in it. */
export async function AirportDetails({ tenant, market, locale, model }: { tenant: Tenant; market: Market; locale: string; model: AirportModel }) {
  const t = await getTranslations('AirportPage');
  const ta = await getTranslations('Airports');
  const tf = await getTranslations('PageFares');
  const lang = market.lang;
  const airport = airportName(model.airport, lang, ta);
  const city = placeName(model.city, lang);
  const money = (minor: number) => formatMoney(minor, tenant.currency, locale);
  const bookAt = { name: `${model.airport.name} (${model.airport.code})`, lat: model.airport.lat, lng: model.airport.lng };
  return (
    <article aria-labelledby="title">
      <h1 id="title" className={styles.heading}>
        {t('heading', { airport })}
      </h1>
      <p className={styles.lead}>
        {t('lead', {
          city,
          distance: distanceText(model.pickup, locale, tf),
          duration: formatDuration(model.pickup.durationS, locale),
          fare: money(fromTotal(model.pickup)),
          count: model.destinations.length,
        })}
      </p>
      <section className={ui.section} aria-labelledby="fares">
        <h2 id="fares">{t('faresTitle', { city })}</h2>
        {sameFares(model.pickup, model.drop) ? (
          <FareLines fares={model.pickup} caption={tf('eachWay', { from: airport, to: city })} currency={tenant.currency} locale={locale} />
        ) : (
          <>
            <FareLines fares={model.pickup} caption={tf('oneWay', { from: airport, to: city })} currency={tenant.currency} locale={locale} />
            <FareLines fares={model.drop} caption={tf('oneWay', { from: city, to: airport })} currency={tenant.currency} locale={locale} />
          </>
        )}
        <p className={ui.muted}>{fareNote(model.pickup, locale, tf)}</p>
      </section>
      <AirportRules
        rules={model.rules}
        title={t('rulesTitle', { airport })}
        businessName={tenant.name}
        currency={tenant.currency}
        locale={locale}
        lang={lang}
      />
      {model.destinations.length ? (
        <section className={ui.section} aria-labelledby="transfers">
          <h2 id="transfers">{t('destinationsTitle', { airport })}</h2>
          <TripList
            trips={model.destinations}
            hrefOf={(trip) => SEO_PATHS.transfer(model.airport.code, trip.place.slug)}
            currency={tenant.currency}
            locale={locale}
            lang={lang}
          />
        </section>
      ) : null}
      {model.otherAirports.length ? (
        <section className={ui.section} aria-labelledby="others">
          <h2 id="others">{t('otherAirports', { city })}</h2>
          <ul>
            {model.otherAirports.map((other) => (
              <li key={other.code}>
                <Link href={SEO_PATHS.airport(other.code!)}>{airportName(other, lang, ta)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <BookingCta
        label={t('bookPickup', { airport })}
        level={2}
        idPrefix="airport"
        href={SEO_PATHS.bookingWith({ from: bookAt, to: { name: model.city.name, lat: model.city.lat, lng: model.city.lng }, kind: model.pickup.tripKind })}
      />
    </article>
  );
}
