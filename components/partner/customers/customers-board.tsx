'use client';

import { useEffect, useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { CustomerPage } from '@/lib/partner/customers';
import { CUSTOMER_PAGE_SIZE, CUSTOMER_SORTS, CUSTOMER_TYPES, PAGE_SIZES, type CustomerType } from '@/lib/partner/schemas';
import { loadStatus } from '@/components/data/query-status';
import { useCustomers } from '../queries';
import ui from '@/components/ui/ui.module.css';
import { LoadState } from '../overview/load-state';
import screen from '../overview/screen.module.css';
import { Paginator } from './paginator';
import styles from './table.module.css';

type Query = { type: CustomerType; q: string; sort: (typeof CUSTOMER_SORTS)[number]; page: number; size: number };
/** Typing settles this long before the search runs. */
const SEARCH_DELAY_MS = 300;
const COLUMNS = ['name', 'company', 'phone', 'email', 'country', 'status'] as const;

/** Type filter, search, sort, the customer table, its footer and the paginator (docs/requirements/partner.md#customers). */
export function CustomersBoard() {
  const t = useTranslations('Customers');
  const id = useId();
  const [query, setQuery] = useState<Query>({ type: 'user', q: '', sort: 'newest', page: 0, size: CUSTOMER_PAGE_SIZE });
  const [search, setSearch] = useState('');
  const params = new URLSearchParams({ type: query.type, q: query.q, sort: query.sort, page: String(query.page), size: String(query.size) });
  const customers = useCustomers(params.toString());
  const change = (next: Partial<Query>) => setQuery((current) => ({ ...current, page: 0, ...next }));

  useEffect(() => {
    const timer = setTimeout(() => setQuery((current) => (current.q === search.trim() ? current : { ...current, q: search.trim(), page: 0 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <>
      <div className={screen.toolbar} role="search">
        <div className={screen.field}>
          <label htmlFor={`${id}-type`}>{t('typeLabel')}</label>
          <select id={`${id}-type`} className={screen.control} value={query.type} onChange={(event) => change({ type: event.target.value as CustomerType })}>
            {CUSTOMER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={`${screen.field} ${screen.grow}`}>
          <label htmlFor={`${id}-search`}>{t('searchLabel')}</label>
          <input
            id={`${id}-search`}
            type="search"
            className={screen.control}
            maxLength={100}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className={screen.field}>
          <label htmlFor={`${id}-sort`}>{t('sortLabel')}</label>
          <select id={`${id}-sort`} className={screen.control} value={query.sort} onChange={(event) => change({ sort: event.target.value as Query['sort'] })}>
            {CUSTOMER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {customers.data ? (
        <>
          <CustomerTable page={customers.data} />
          <div className={styles.footer}>
            <p className={screen.muted}>
              {t('footer', {
                from: customers.data.total ? customers.data.page * customers.data.size + 1 : 0,
                to: Math.min(customers.data.total, (customers.data.page + 1) * customers.data.size),
                total: customers.data.total,
              })}
            </p>
            <Paginator
              page={customers.data.page}
              size={customers.data.size}
              total={customers.data.total}
              sizes={PAGE_SIZES}
              onPage={(page) => setQuery((current) => ({ ...current, page }))}
              onSize={(size) => change({ size })}
            />
          </div>
        </>
      ) : (
        <LoadState
          status={loadStatus(customers) === 'error' ? 'error' : 'loading'}
          loading={t('loading')}
          error={t('loadError')}
          retry={t('retry')}
          onRetry={() => void customers.refetch()}
        />
      )}
    </>
  );
}

function CustomerTable({ page }: { page: CustomerPage }) {
  const t = useTranslations('Customers');
  const locale = useLocale();
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  if (!page.items.length) return <p className={`${ui.card} ${screen.muted}`}>{t('empty')}</p>;
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.items.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name || t('none')}</th>
              <td>{row.company ?? t('none')}</td>
              <td className={styles.nowrap} dir="ltr">
                {row.phone ?? t('none')}
              </td>
              <td>{row.email ?? t('none')}</td>
              <td>{row.country ? (regions.of(row.country) ?? row.country) : t('none')}</td>
              <td>
                <span className={`${styles.badge} ${row.status === 'Active' ? styles.active : styles.inactive}`}>{t(`status.${row.status}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
