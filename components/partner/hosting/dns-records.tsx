'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { DomainData } from './api';
import { CopyButton } from './copy-button';
import styles from './hosting.module.css';

/** The DNS records to add, each value with its Copy button. */
export function DnsRecords({ records }: { records: DomainData['records'] }) {
  const t = useTranslations('DomainSettings');
  const id = useId();
  return (
    <table className={styles.records}>
      <thead>
        <tr>
          <th scope="col">{t('recordType')}</th>
          <th scope="col">{t('recordName')}</th>
          <th scope="col">{t('recordValue')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('copy')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.type}>
            <td>{record.type}</td>
            <td>
              <code>{record.name}</code>
            </td>
            <td>
              <code id={`${id}-${record.type}`}>{record.value}</code>
            </td>
            <td>
              <CopyButton value={record.value} targetId={`${id}-${record.type}`} label={t('copyLabel', { type: record.type })} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
