'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatDay } from '@/lib/i18n/format';
import { useExpiringDocuments } from './queries';
import styles from './fleet.module.css';

/** Papers of the fleet that expired (they keep their driver or vehicle from rides) or expire in the next 30 days; nothing when none. */
export function ExpiringDocuments({ holder }: { holder: 'driver' | 'vehicle' }) {
  const t = useTranslations('FleetDocuments');
  const locale = useLocale();
  const id = useId();
  const list = (useExpiringDocuments().data ?? []).filter((d) => d.holder === holder);
  if (!list.length) return null;
  return (
    <section className={styles.expiring} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('expiringTitle')}</h2>
      <ul>
        {list.map((d) => (
          <li key={`${d.holder}-${d.id}-${d.kind}`} className={d.expired ? styles.expired : undefined}>
            {t(d.expired ? 'expiredLine' : 'expiresLine', { name: d.name, document: t(`kinds.${d.kind}`), date: formatDay(d.expiresOn, locale) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
