import styles from './language-selector.module.css';

type Option = { locale: string; label: string; href: string };

/**
 * The language choice of a static document: a disclosure of plain links to the
 * same page in each language of the country, so it works without JavaScript
 * (and crawlers follow the links as they follow the hreflang alternates).
 */
export function LanguageLinks({ label, current, options }: { label: string; current: string; options: Option[] }) {
  const selected = options.find((option) => option.locale === current);
  return (
    <details className={styles.menu}>
      <summary className={styles.select}>
        <span className="visually-hidden">{label}: </span>
        <span lang={current.split('-')[0]}>{selected?.label ?? current}</span>
      </summary>
      <ul className={styles.list}>
        {options.map((option) => (
          <li key={option.locale}>
            <a href={option.href} hrefLang={option.locale} lang={option.locale.split('-')[0]} aria-current={option.locale === current ? 'page' : undefined}>
              {option.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
