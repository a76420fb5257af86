import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { coverSize } from '@/lib/blog/page-data';
import type { BlogPage } from '@/lib/blog/queries';
import { BLOG_PATHS } from '@/lib/seo/blog-seo';
import ui from '@/components/ui/ui.module.css';
import { BlogCover } from './blog-cover';
import styles from './blog.module.css';

/** A page of posts (the first cover fetched first, as the page's main image): cover, title linking to the post, date and excerpt; previous/next links between pages (1-based). */
export async function BlogList({
  result,
  tenantSlug,
  businessName,
  timeZone,
}: {
  result: BlogPage;
  tenantSlug: string;
  businessName: string;
  timeZone: string;
}) {
  const t = await getTranslations('Blog');
  const sizes = await Promise.all(result.posts.map((post) => coverSize(tenantSlug, post.image)));
  const format = await getFormatter();
  const page = result.page + 1;
  return (
    <section className={styles.page}>
      <h1>{t('listHeading', { businessName })}</h1>
      {result.posts.length === 0 ? <p className={ui.hint}>{t('empty')}</p> : null}
      <ul className={styles.list}>
        {result.posts.map((post, index) => (
          <li key={post.slug} className={styles.card}>
            <BlogCover image={post.image} imageWebp={post.imageWebp} alt={t('coverAlt', { title: post.title })} size={sizes[index]} priority={index === 0} />
            <div className={styles.cardBody}>
              <h2>
                <Link href={BLOG_PATHS.post(post.slug)}>{post.title}</Link>
              </h2>
              <p className={ui.hint}>
                <time dateTime={post.createdAt.toISOString()}>{format.dateTime(post.createdAt, { dateStyle: 'medium', timeZone })}</time>
              </p>
              <p>{post.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
      {result.pages > 1 ? (
        <nav className={styles.pager} aria-label={t('pagination')}>
          {page > 1 ? (
            <Link href={BLOG_PATHS.listPage(page - 1)} rel="prev" className={`${ui.button} ${ui.secondary}`}>
              {t('previous')}
            </Link>
          ) : (
            <span />
          )}
          <span>{t('pageOf', { page, pages: result.pages })}</span>
          {page < result.pages ? (
            <Link href={BLOG_PATHS.listPage(page + 1)} rel="next" className={`${ui.button} ${ui.secondary}`}>
              {t('next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
