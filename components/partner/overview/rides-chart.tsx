'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { OverviewPoint } from '@/lib/partner/overview';
import { formatMoney } from '@/lib/i18n/format';
import { formatDay } from '@/lib/partner/format';
import table from '../customers/table.module.css';
import styles from './screen.module.css';

const WIDTH = 640;
const HEIGHT = 220;
const TOP = 8;
const BOTTOM = 24;
const MAX_TICKS = 8;

type Props = { series: OverviewPoint[]; bucket: 'day' | 'month'; currency: string; from: string; to: string };

/** Rides and revenue per day (or month) as paired SVG bars, with a summary and the same data as a table. */
export function RidesChart({ series, bucket, currency, from, to }: Props) {
  const t = useTranslations('Overview');
  const locale = useLocale();
  const id = useId();
  const count = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const tick = (period: string) => formatDay(period, locale, bucket === 'day' ? 'short' : 'month');
  const plot = HEIGHT - TOP - BOTTOM;
  const slot = WIDTH / Math.max(1, series.length);
  const bar = Math.max(1, slot * 0.36);
  const maxRides = Math.max(1, ...series.map((p) => p.rides));
  const maxRevenue = Math.max(1, ...series.map((p) => p.revenue));
  const every = Math.ceil(series.length / MAX_TICKS);
  const totals = series.reduce((sum, p) => ({ rides: sum.rides + p.rides, revenue: sum.revenue + p.revenue }), { rides: 0, revenue: 0 });
  const title = t(bucket === 'day' ? 'chartTitleDay' : 'chartTitleMonth');

  return (
    <figure className={styles.chart}>
      <figcaption>
        <h2 id={`${id}-title`}>{title}</h2>
      </figcaption>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={styles.swatchRides} />
          {t('ridesSeries')}
        </li>
        <li>
          <span className={styles.swatchRevenue} />
          {t('revenueSeries')}
        </li>
      </ul>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-summary`}>
        <line className={styles.axis} x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} />
        {series.map((point, index) => {
          const x = index * slot + slot / 2;
          const ridesHeight = (point.rides / maxRides) * plot;
          const revenueHeight = (point.revenue / maxRevenue) * plot;
          return (
            <g key={point.period}>
              <rect className={styles.barRides} x={x - bar} y={TOP + plot - ridesHeight} width={bar} height={ridesHeight}>
                <title>{t('barRides', { period: tick(point.period), count: point.rides })}</title>
              </rect>
              <rect className={styles.barRevenue} x={x} y={TOP + plot - revenueHeight} width={bar} height={revenueHeight}>
                <title>{t('barRevenue', { period: tick(point.period), amount: money(point.revenue) })}</title>
              </rect>
              {index % every === 0 ? (
                <text className={styles.tick} x={x} y={HEIGHT - 6} textAnchor="middle">
                  {tick(point.period)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <p id={`${id}-summary`} className={styles.muted}>
        {t('chartSummary', { rides: totals.rides, revenue: money(totals.revenue), from: formatDay(from, locale), to: formatDay(to, locale) })}
      </p>
      <details>
        <summary>{t('showTable')}</summary>
        <div className={table.scroller}>
          <table className={table.table}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('period')}</th>
                <th scope="col" className={table.number}>
                  {t('ridesSeries')}
                </th>
                <th scope="col" className={table.number}>
                  {t('revenueSeries')}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((point) => (
                <tr key={point.period}>
                  <th scope="row" className={table.nowrap}>
                    {formatDay(point.period, locale, bucket === 'day' ? 'long' : 'month')}
                  </th>
                  <td className={table.number}>{count.format(point.rides)}</td>
                  <td className={table.number}>{money(point.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
