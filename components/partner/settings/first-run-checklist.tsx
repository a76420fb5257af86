'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import { sectionHref, type ConsoleArea, type ConsoleSection } from '../sections';
import { useChecklist } from './queries';
import styles from './settings.module.css';

const WHERE: Record<string, ConsoleSection> = { logo: 'settings', cities: 'settings', rates: 'rates', vehicle: 'vehicles', driver: 'drivers', booking: 'book' };

/** The overview's first-run checklist for a new operator: each step done, or a link to do it; gone once every step is done. */
export function FirstRunChecklist({ area }: { area: ConsoleArea }) {
  const t = useTranslations('Settings');
  const query = useChecklist();
  const items = query.data;
  if (!items || items.every((item) => item.done)) return null;
  const done = items.filter((item) => item.done).length;
  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby="first-run-checklist">
      <h2 id="first-run-checklist">{t('checklist.heading')}</h2>
      <p className={ui.hint}>{t('checklist.progress', { done, total: items.length })}</p>
      <ul className={styles.checklist}>
        {items.map((item) => (
          <li key={item.key} className={styles.checkItem}>
            {item.done ? (
              <>
                <span aria-hidden="true" className={styles.done}>
                  ✓
                </span>
                <span>{t(`checklist.${item.key}`)}</span>
                <span className={styles.done}>{t('checklist.done')}</span>
              </>
            ) : (
              <>
                <span aria-hidden="true">○</span>
                <Link href={sectionHref(area, WHERE[item.key])}>{t(`checklist.${item.key}`)}</Link>
                <span className={ui.hint}>{t('checklist.todo')}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
