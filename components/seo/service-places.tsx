import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { PLACE_TRIP_TYPE_SLUGS, PLACE_TRIP_TYPES, SEO_PATHS } from '@/lib/seo/paths';
import { groupByRegion } from '@/lib/seo/regions';
import { servicePlaces } from '@/lib/seo/site-data';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import styles from './seo.module.css';

/** Every place the operator serves, by region, each with links to its page and its trip types. */
export async function ServicePlaces({ tenant }: { tenant: Tenant }) {
  const t = await getTranslations('ServicePlaces');
  const tp = await getTranslations('Place');
  const groups = groupByRegion(await servicePlaces(tenant.id));
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
                {group.places.map((place) => (
                  <li key={place.slug}>
                    <Link href={SEO_PATHS.place(place.slug)}>
                      <strong>{t('placeLink', { placeName: place.name })}</strong>
                    </Link>
                    <ul className={styles.types} aria-label={t('typesLabel', { placeName: place.name })}>
                      {PLACE_TRIP_TYPE_SLUGS.map((type) => (
                        <li key={type}>
                          <Link href={SEO_PATHS.placeType(place.slug, type)}>{tp(`option.${PLACE_TRIP_TYPES[type]}`)}</Link>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
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
