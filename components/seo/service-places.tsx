import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Market } from '@/lib/i18n/markets';
import { catalogueOf } from '@/lib/seo/catalogue/page-data';
import { airportName, placeName } from '@/lib/seo/catalogue/display';
import { SEO_PATHS } from '@/lib/seo/paths';
import { groupByRegion } from '@/lib/seo/regions';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import styles from './seo.module.css';

/** Every city the operator serves, by region, each with its airports and its locality pages. */
export async function ServicePlaces({ tenant, market }: { tenant: Tenant; market: Market }) {
  const t = await getTranslations('ServicePlaces');
  const ta = await getTranslations('Airports');
  const catalogue = await catalogueOf(tenant.id);
  const lang = market.lang;
  const groups = groupByRegion(catalogue.cities);
  return (
    <article aria-labelledby="places-title">
      <h1 id="places-title" className={styles.heading}>
        {t('heading', { businessName: tenant.name })}
      </h1>
      <p className={styles.lead}>{t('intro', { businessName: tenant.name })}</p>
      {groups.length ? (
        <ul className={styles.regions}>
          {groups.map((group) => (
            <li key={group.region ?? ''} className={ui.card}>
              <h2>{group.region ?? t('otherRegion')}</h2>
              <ul className={styles.places}>
                {group.places.map((city) => {
                  const name = placeName(catalogue.cityPlaces.get(city.slug)!, lang);
                  const airports = catalogue.airports.filter((airport) => airport.city.slug === city.slug);
                  const localities = catalogue.localities.get(city.slug) ?? [];
                  return (
                    <li key={city.slug}>
                      <Link href={SEO_PATHS.place(city.slug)}>
                        <strong>{t('placeLink', { placeName: name })}</strong>
                      </Link>
                      {airports.length || localities.length ? (
                        <ul className={styles.types} aria-label={t('typesLabel', { placeName: name })}>
                          {airports.map((airport) => (
                            <li key={airport.code}>
                              <Link href={SEO_PATHS.airport(airport.code)}>{airportName(airport, lang, ta)}</Link>
                            </li>
                          ))}
                          {localities.map((locality) => (
                            <li key={locality.slug}>
                              <Link href={SEO_PATHS.locality(city.slug, locality.slug)}>{placeName(locality, lang)}</Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>{t('empty', { businessName: tenant.name })}</p>
      )}
    </article>
  );
}
