import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import styles from './seo.module.css';

export type BreadcrumbItem = { name: string; href: string };

/** Visible breadcrumbs; the last item is the current page. */
export async function Breadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  const t = await getTranslations('Breadcrumbs');
  return (
    <nav aria-label={t('label')} className={styles.breadcrumbs}>
      <ol>
        {items.map((item, index) => (
          <li key={item.href}>{index === items.length - 1 ? <span aria-current="page">{item.name}</span> : <Link href={item.href}>{item.name}</Link>}</li>
        ))}
      </ol>
    </nav>
  );
}
