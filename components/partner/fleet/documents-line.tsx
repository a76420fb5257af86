'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { DocumentView } from '@/lib/fleet/documents';
import { formatDay } from '@/lib/i18n/format';
import styles from './fleet.module.css';

/** Each recorded paper with its expiry; an expired one (it keeps the driver or vehicle from rides) stands out. */
export function DocumentsLine({ documents }: { documents: DocumentView[] }) {
  const t = useTranslations('FleetDocuments');
  const locale = useLocale();
  const today = new Date().toISOString().slice(0, 10);
  const dated = documents.filter((d): d is DocumentView & { expiresOn: string } => d.expiresOn !== null);
  if (!dated.length) return null;
  return (
    <p className={styles.meta}>
      {dated.map((d, i) => (
        <span key={d.kind} className={d.expiresOn < today ? styles.expired : undefined}>
          {i ? ' · ' : ''}
          {t(d.expiresOn < today ? 'expiredShort' : 'validShort', { document: t(`kinds.${d.kind}`), date: formatDay(d.expiresOn, locale) })}
        </span>
      ))}
    </p>
  );
}
