import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/i18n/format';
import type { FareTable as Fares } from '@/lib/seo/fares';
import styles from './seo.module.css';

const COLUMNS = ['rideAmount', 'driverAllowance', 'tolls', 'total'] as const;

/** Live fares per vehicle type: ride amount, driver allowance, tolls and total; distance and duration in the caption. */
export async function FareTable({ table, caption, currency, locale }: { table: Fares; caption: string; currency: string; locale: string }) {
  const t = await getTranslations('Place');
  const tv = await getTranslations('VehicleTypes');
  const money = (minor: number) => formatMoney(minor, currency, locale);
  return (
    // A named, focusable region: the table scrolls sideways on small screens, so the keyboard must reach it.
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fareColumns.vehicle')}</th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`fareColumns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.vehicleType}>
              <th scope="row">{tv(row.vehicleType)}</th>
              {/* data-label: on phones each row is a card whose cells name their column */}
              <td data-label={t('fareColumns.rideAmount')}>{money(row.rideAmount)}</td>
              <td data-label={t('fareColumns.driverAllowance')}>{money(row.driverBata)}</td>
              <td data-label={t('fareColumns.tolls')}>{money(row.tolls)}</td>
              <td data-label={t('fareColumns.total')} className={styles.totalCell}>
                <strong>{money(row.total)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
