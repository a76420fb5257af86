'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { CUSTOM_DATE_MIN, DATE_FILTERS, customRangeProblem, type DateFilter } from '@/lib/partner/dates';
import { localDate } from '@/lib/time/zoned';
import styles from './screen.module.css';
import ui from '@/components/ui/ui.module.css';

export type DateSelection = { filter: DateFilter; from?: string; to?: string };

/**
 * Today, Yesterday, ... Custom Date; custom opens two date inputs (2020-01-01 to today in the business's zone,
 * or later days too when `future`) and Apply.
 */
export function DateFilterBar({
  value,
  onChange,
  timeZone,
  future = false,
}: {
  value: DateSelection;
  onChange: (next: DateSelection) => void;
  timeZone: string;
  future?: boolean;
}) {
  const t = useTranslations('Overview');
  const id = useId();
  const today = localDate(new Date(), timeZone);
  const [custom, setCustom] = useState(value.filter === 'custom');
  const [draft, setDraft] = useState({ from: value.from ?? today, to: value.to ?? today });
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; key: string }>();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(draft, today, future);
    setProblem(found);
    if (!found) onChange({ filter: 'custom', ...draft });
  };
  const dateInput = (field: 'from' | 'to') => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${field}`}>{t(field)}</label>
      <input
        id={`${id}-${field}`}
        type="date"
        className={styles.control}
        min={CUSTOM_DATE_MIN}
        max={future ? undefined : today}
        required
        value={draft[field]}
        aria-invalid={problem?.field === field || undefined}
        aria-describedby={problem?.field === field ? `${id}-error` : undefined}
        onChange={(event) => setDraft((d) => ({ ...d, [field]: event.target.value }))}
      />
    </div>
  );

  return (
    <div className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor={`${id}-filter`}>{t('filterLabel')}</label>
        <select
          id={`${id}-filter`}
          className={styles.control}
          value={custom ? 'custom' : value.filter}
          onChange={(event) => {
            const filter = event.target.value as DateFilter;
            setCustom(filter === 'custom');
            setProblem(undefined);
            if (filter !== 'custom') onChange({ filter });
          }}
        >
          {DATE_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`filters.${filter}`)}
            </option>
          ))}
        </select>
      </div>
      {custom ? (
        <form className={styles.custom} noValidate onSubmit={apply} aria-label={t('customTitle')}>
          {dateInput('from')}
          {dateInput('to')}
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {t('apply')}
          </button>
          {problem ? (
            <p id={`${id}-error`} role="alert" className={styles.error}>
              {t(`errors.${problem.key}` as 'errors.dateRequired')}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

/** The query string of a selection, with the given name for the filter. */
export function selectionQuery(value: DateSelection, filterParam: 'filter' | 'date_filter'): URLSearchParams {
  const params = new URLSearchParams({ [filterParam]: value.filter });
  if (value.filter === 'custom' && value.from && value.to) {
    params.set('from', value.from);
    params.set('to', value.to);
  }
  return params;
}
