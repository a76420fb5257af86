'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import styles from './table.module.css';
import screen from '../overview/screen.module.css';

type Props = {
  /** Zero-based page index. */
  page: number;
  size: number;
  total: number;
  /** Page-size choices; none shown with fewer than two. */
  sizes?: readonly number[];
  onPage: (page: number) => void;
  onSize?: (size: number) => void;
};

/** Items per page, "x – y of z", and first / previous / next / last page buttons (docs/requirements/partner.md#customers). */
export function Paginator({ page, size, total, sizes = [], onPage, onSize }: Props) {
  const t = useTranslations('Paginator');
  const id = useId();
  const lastPage = Math.max(0, Math.ceil(total / size) - 1);
  const from = total ? page * size + 1 : 0;
  const to = Math.min(total, (page + 1) * size);
  const button = (label: string, target: number, glyph: string, disabled: boolean) => (
    <button type="button" className={styles.pageButton} aria-label={label} title={label} disabled={disabled} onClick={() => onPage(target)}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <nav className={styles.paginator} aria-label={t('label')}>
      {onSize && sizes.length > 1 ? (
        <span className={styles.paginator}>
          <label htmlFor={`${id}-size`}>{t('itemsPerPage')}</label>
          <select id={`${id}-size`} className={screen.control} value={size} onChange={(event) => onSize(Number(event.target.value))}>
            {sizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      <span aria-live="polite">{total ? t('range', { from, to, total }) : t('rangeEmpty', { total })}</span>
      {button(t('firstPage'), 0, '«', page <= 0)}
      {button(t('previousPage'), page - 1, '‹', page <= 0)}
      {button(t('nextPage'), page + 1, '›', page >= lastPage)}
      {button(t('lastPage'), lastPage, '»', page >= lastPage)}
    </nav>
  );
}
