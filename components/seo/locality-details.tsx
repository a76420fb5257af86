import { getTranslations } from 'next-intl/server';
import { formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import type { Market } from '@/lib/i18n/markets';
import type { VehicleType } from '@/lib/db/schema';
import { airportName, distanceText, fareNote, placeName } from '@/lib/seo/catalogue/display';
import type { LocalityModel, LocalityTarget, PlaceRef } from '@/lib/seo/catalogue/page-models';
import { SEO_PATHS } from '@/lib/seo/paths';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { BookingCta } from './place-sections';
import styles from './seo.module.css';

/** A place as the booking form gets it: "T Nagar, Chennai", "Chennai International Airport (MAA)". */
function placeOf(place: PlaceRef, city?: string) {
  const name = place.code ? `${place.name} (${place.code})` : city && place.kind === 'locality' ? `${place.name}, ${city}` : place.name;
  return { name, lat: place.lat, lng: place.lng };
}

/** A locality page: daytime totals per vehicle to the places riders go from it, the localities around it, and the booking form from it. */
export async function LocalityDetails({ tenant, market, locale, model }: { tenant: Tenant; market: Market; locale: string; model: LocalityModel }) {
  const t = await getTranslations('LocalityPage');
  const tt = await getTranslations('TransferPage');
  const ta = await getTranslations('Airports');
  const tf = await getTranslations('PageFares');
  const tv = await getTranslations('VehicleTypes');
  const lang = market.lang;
  const locality = placeName(model.locality, lang);
  const city = placeName(model.city, lang);
  const money = (minor: number) => formatMoney(minor, tenant.currency, locale);
  const vehicles: VehicleType[] = model.targets[0].fares.day.map((line) => line.vehicleType);
  const targetName = (target: LocalityTarget) => (target.role === 'airport' ? airportName(target.place, lang, ta) : placeName(target.place, lang));
  const others = model.locality.names.filter((name) => name !== locality);
  const here = placeOf(model.locality, model.city.name);
  const airportTarget = model.targets.find((target) => target.role === 'airport');
  const transfer = airportTarget?.transfer;
  return (
    <article aria-labelledby="title">
      <h1 id="title" className={styles.heading}>
        {t('heading', { locality, city })}
      </h1>
      <p className={styles.lead}>
        {[model.locality.postcode ? tf('pin', { postcode: model.locality.postcode }) : '', t('lead', { count: model.targets.length })]
          .filter(Boolean)
          .join('. ')}
      </p>
      {others.length ? <p lang="und">{t('alsoWritten', { names: others.join(', ') })}</p> : null}
      <section className={ui.section} aria-labelledby="fares">
        <h2 id="fares">{t('faresTitle', { locality })}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{tf('tripColumns.place')}</th>
                <th scope="col">{tf('tripColumns.distance')}</th>
                <th scope="col">{tf('tripColumns.time')}</th>
                {vehicles.map((vehicle) => (
                  <th key={vehicle} scope="col">
                    {tv(vehicle)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {model.targets.map((target) => {
                const label = t('target', { role: t(`roles.${target.role}`), place: targetName(target) });
                // the place books the very trip this row prices
                const book = SEO_PATHS.bookingWith({ from: here, to: placeOf(target.place), kind: target.fares.tripKind });
                return (
                  <tr key={target.role}>
                    <th scope="row">
                      <Link href={book}>{label}</Link>
                    </th>
                    <td data-label={tf('tripColumns.distance')}>{distanceText(target.fares, locale, tf)}</td>
                    <td data-label={tf('tripColumns.time')}>{formatDuration(target.fares.durationS, locale)}</td>
                    {target.fares.day.map((line) => (
                      <td key={line.vehicleType} data-label={tv(line.vehicleType)}>
                        {money(line.total)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className={ui.muted}>{fareNote(model.targets[0].fares, locale, tf)}</p>
        {transfer ? (
          <p>
            <Link href={SEO_PATHS.transfer(transfer.code, transfer.slug)}>{tt('heading', { airport: targetName(airportTarget!), place: locality })}</Link>
          </p>
        ) : null}
      </section>
      {model.nearest.length ? (
        <section className={ui.section} aria-labelledby="nearest">
          <h2 id="nearest">{t('nearestTitle', { locality })}</h2>
          <ul>
            {model.nearest.map((place) => (
              <li key={place.slug}>
                <Link href={SEO_PATHS.locality(model.city.slug, place.slug)}>
                  {t('nearestItem', { place: placeName(place, lang), distance: formatKm(place.distanceM, locale) })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <BookingCta label={t('bookCta', { locality })} level={2} idPrefix="locality" href={SEO_PATHS.bookingWith({ from: here })} />
    </article>
  );
}
