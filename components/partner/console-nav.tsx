'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { CONSOLE_SECTIONS, sectionHref, type ConsoleArea } from './sections';
import styles from './console.module.css';

/** The section links of the sidebar (desktop) and the drawer (mobile); the drawer replaces the history entry. */
export function ConsoleNav({ area, replace = false }: { area: ConsoleArea; replace?: boolean }) {
  const t = useTranslations('ConsoleNav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('menu')}>
      <ul className={styles.navList}>
        {CONSOLE_SECTIONS.map((section) => {
          const href = sectionHref(area, section.key);
          return (
            <li key={section.key}>
              <Link href={href} replace={replace} className={styles.navLink} aria-current={pathname === href ? 'page' : undefined}>
                {t(section.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
