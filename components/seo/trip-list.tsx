import { getTranslations } from 'next-intl/server';
import { formatDuration, formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import { distanceText, placeName } from '@/lib/seo/catalogue/display';
import type { TripSummary } from '@/lib/seo/catalogue/page-models';
import styles from './seo.module.css';

/** Trips to other pages' places: each place links to its page, with distance, time and the lowest fare. */
export async function TripList({
  trips,
  hrefOf,
  currency,
  locale,
  lang,
}: {
  trips: TripSummary[];
  hrefOf: (trip: TripSummary) => string;
  currency: string;
  locale: string;
  lang: string;
}) {
  const t = await getTranslations('PageFares');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('tripColumns.place')}</th>
            <th scope="col">{t('tripColumns.distance')}</th>
            <th scope="col">{t('tripColumns.time')}</th>
            <th scope="col">{t('tripColumns.from')}</th>
          </tr>
        </thead>
        <tbody>
          {trips.map((trip) => (
            <tr key={trip.place.slug}>
              <th scope="row">
                <Link href={hrefOf(trip)}>{placeName(trip.place, lang)}</Link>
              </th>
              <td data-label={t('tripColumns.distance')}>{distanceText(trip, locale, t)}</td>
              <td data-label={t('tripColumns.time')}>{formatDuration(trip.durationS, locale)}</td>
              <td data-label={t('tripColumns.from')} className={styles.totalCell}>
                {formatMoney(trip.fromTotal, currency, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
