import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/i18n/format';
import { clockText } from '@/lib/seo/catalogue/display';
import type { FareLine, TripFares } from '@/lib/seo/catalogue/trip-fares';
import styles from './seo.module.css';

type Column = 'fare' | 'airportFee' | 'tolls' | 'driverAllowance';
const ITEMS: readonly Column[] = ['fare', 'airportFee', 'tolls', 'driverAllowance'];

const hourText = (hour: number, locale: string) => clockText(`${String(hour).padStart(2, '0')}:00`, locale);

/**
 * Every offered vehicle's fare for one trip, itemised as the quote itemises it (fare, airport fee, tolls,
 * driver allowance: a column only when some vehicle pays it), the daytime total and the night total where the
 * rate cards charge for the night.
 */
export async function FareLines({ fares, caption, currency, locale }: { fares: TripFares; caption: string; currency: string; locale: string }) {
  const t = await getTranslations('PageFares');
  const tv = await getTranslations('VehicleTypes');
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const columns = ITEMS.filter((column) => fares.day.some((line) => line[column] > 0));
  const night = fares.night && fares.nightHours ? new Map(fares.night.map((line) => [line.vehicleType, line])) : undefined;
  const nightLabel = fares.nightHours
    ? t('columns.night', { start: hourText(fares.nightHours.start, locale), end: hourText(fares.nightHours.end, locale) })
    : '';
  const cell = (line: FareLine, column: Column) => (
    <td key={column} data-label={t(`columns.${column}`)}>
      {money(line[column])}
    </td>
  );
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.vehicle')}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`columns.${column}`)}
              </th>
            ))}
            <th scope="col">{t('columns.total')}</th>
            {night ? <th scope="col">{nightLabel}</th> : null}
          </tr>
        </thead>
        <tbody>
          {fares.day.map((line) => (
            <tr key={line.vehicleType}>
              <th scope="row">{tv(line.vehicleType)}</th>
              {columns.map((column) => cell(line, column))}
              <td data-label={t('columns.total')} className={styles.totalCell}>
                <strong>{money(line.total)}</strong>
              </td>
              {night ? <td data-label={nightLabel}>{money(night.get(line.vehicleType)?.total ?? line.total)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
