'use client';

import { useId, useTransition, type ReactNode } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import styles from './language-selector.module.css';

type Option = { locale: string; label: string };

/** Switches the language within the current country; next-intl keeps the choice in the locale cookie. */
/** `icon` (drawn by the server: no icon code in the page's JavaScript) marks the compact form on small phones. */
export function LanguageSelector({ label, current, options, icon }: { label: string; current: string; options: Option[]; icon?: ReactNode }) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const [isPending, startTransition] = useTransition();

  return (
    <div className={styles.wrap}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {/* On small phones the select is a globe and the language's code; the native list still opens on tap. */}
      <span className={styles.compact} aria-hidden="true">
        {icon}
        {current.split('-')[0].toUpperCase()}
      </span>
      <select
        id={id}
        className={styles.select}
        value={current}
        disabled={isPending}
        onChange={(event) => {
          const locale = event.target.value;
          const query = window.location.search.slice(1);
          startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { locale }));
        }}
      >
        {options.map((option) => (
          <option key={option.locale} value={option.locale} lang={option.locale.split('-')[0]}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
