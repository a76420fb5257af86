'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { OverviewPoint } from '@/lib/partner/overview';
import { formatMoney } from '@/lib/i18n/format';
import { formatDay } from '@/lib/partner/format';
import table from '../customers/table.module.css';
import styles from './screen.module.css';

const WIDTH = 640;
const HEIGHT = 260;
const TOP = 12;
const BOTTOM = 44;
const LEFT = 44;
const RIGHT = 76;
const MAX_TICKS = 8;
const Y_TICKS = 4;

type Props = { series: OverviewPoint[]; bucket: 'day' | 'month'; currency: string; from: string; to: string };

/** A round top for an axis (1, 2, 2.5 or 5 times a power of ten) at or above `max`, so its ticks read as round numbers. */
export function niceMax(max: number, integer = false): number {
  if (max <= 0) return integer ? Y_TICKS : 1;
  const step = max / Y_TICKS;
  const power = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * power).find((m) => m >= step && (!integer || Number.isInteger(m))) ?? 10 * power;
  const top = (integer ? Math.max(1, Math.ceil(nice)) : nice) * Y_TICKS;
  return top;
}

/**
 * Rides and revenue per day (or month) as paired SVG bars on two labelled
 * scales: rides on the left axis, revenue on the right, periods along the
 * bottom; with a summary and the same data as a table.
 */
export function RidesChart({ series, bucket, currency, from, to }: Props) {
  const t = useTranslations('Overview');
  const tm = useTranslations('Money');
  const locale = useLocale();
  const id = useId();
  const count = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1, numberingSystem: 'latn' });
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const tick = (period: string) => formatDay(period, locale, bucket === 'day' ? 'short' : 'month');
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plot = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, series.length);
  const bar = Math.max(1, slot * 0.36);
  const maxRides = niceMax(Math.max(0, ...series.map((p) => p.rides)), true);
  const maxRevenue = niceMax(Math.max(0, ...series.map((p) => p.revenue)) / 100) * 100;
  const every = Math.ceil(series.length / MAX_TICKS);
  const totals = series.reduce((sum, p) => ({ rides: sum.rides + p.rides, revenue: sum.revenue + p.revenue }), { rides: 0, revenue: 0 });
  const title = t(bucket === 'day' ? 'chartTitleDay' : 'chartTitleMonth');
  const levels = Array.from({ length: Y_TICKS + 1 }, (_, i) => i / Y_TICKS);
  const base = TOP + plot;

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
          {tm('revenueAxis', { currency })}
        </li>
      </ul>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-summary`}>
        {levels.map((level) => {
          const y = base - level * plot;
          return (
            <g key={level}>
              <line className={styles.grid} x1={LEFT} x2={WIDTH - RIGHT} y1={y} y2={y} />
              <text className={styles.tick} x={LEFT - 6} y={y + 3} textAnchor="end">
                {count.format(Math.round(level * maxRides))}
              </text>
              <text className={styles.tick} x={WIDTH - RIGHT + 6} y={y + 3} textAnchor="start">
                {compact.format((level * maxRevenue) / 100)}
              </text>
            </g>
          );
        })}
        <line className={styles.axis} x1={LEFT} x2={LEFT} y1={TOP} y2={base} />
        <line className={styles.axis} x1={WIDTH - RIGHT} x2={WIDTH - RIGHT} y1={TOP} y2={base} />
        <line className={styles.axis} x1={LEFT} x2={WIDTH - RIGHT} y1={base} y2={base} />
        <text className={styles.axisLabel} transform={`translate(12 ${TOP + plot / 2}) rotate(-90)`} textAnchor="middle">
          {t('ridesSeries')}
        </text>
        <text className={styles.axisLabel} transform={`translate(${WIDTH - 10} ${TOP + plot / 2}) rotate(90)`} textAnchor="middle">
          {tm('revenueAxis', { currency })}
        </text>
        <text className={styles.axisLabel} x={LEFT + plotWidth / 2} y={HEIGHT - 4} textAnchor="middle">
          {t('period')}
        </text>
        {series.map((point, index) => {
          const x = LEFT + index * slot + slot / 2;
          const ridesHeight = (point.rides / maxRides) * plot;
          const revenueHeight = (point.revenue / maxRevenue) * plot;
          return (
            <g key={point.period}>
              <rect className={styles.barRides} x={x - bar} y={base - ridesHeight} width={bar} height={ridesHeight}>
                <title>{t('barRides', { period: tick(point.period), count: point.rides })}</title>
              </rect>
              <rect className={styles.barRevenue} x={x} y={base - revenueHeight} width={bar} height={revenueHeight}>
                <title>{t('barRevenue', { period: tick(point.period), amount: money(point.revenue) })}</title>
              </rect>
              {index % every === 0 ? (
                <text className={styles.tick} x={x} y={base + 14} textAnchor="middle">
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
