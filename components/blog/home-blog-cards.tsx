import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { coverSize, homePosts } from '@/lib/blog/page-data';
import { BLOG_PATHS } from '@/lib/seo/blog-seo';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { BlogCover } from './blog-cover';
import styles from './blog.module.css';

/**
 * The rider home's three blog cards (docs/requirements/rider.md#the-rider-home-and-its-popups): the operator's newest posts
 * in the page's language, each with its cover, title, date and link, and a link to the blog. Nothing without a post in
 * that language. Publishing a post refreshes every page of the operator, the home with it (docs/architecture/page-cache.md).
 */
export async function HomeBlogCards({ tenant, language }: { tenant: Tenant; language: string }) {
  const posts = await homePosts(tenant.id, language);
  if (posts.length === 0) return null;
  const [t, tb, format, sizes] = await Promise.all([
    getTranslations('Home'),
    getTranslations('Blog'),
    getFormatter(),
    Promise.all(posts.map((post) => coverSize(tenant.slug, post.image))),
  ]);
  return (
    <section className={`${ui.section} ${styles.homeBlog}`} aria-labelledby="home-blog">
      <h2 id="home-blog">{t('blogTitle')}</h2>
      <ul className={styles.list}>
        {posts.map((post, index) => (
          <li key={post.slug} className={styles.card}>
            <BlogCover image={post.image} imageWebp={post.imageWebp} alt={tb('coverAlt', { title: post.title })} size={sizes[index]} />
            <div className={styles.cardBody}>
              <h3>
                <Link href={BLOG_PATHS.post(post.slug)}>{post.title}</Link>
              </h3>
              <p className={ui.hint}>
                <time dateTime={post.createdAt.toISOString()}>{format.dateTime(post.createdAt, { dateStyle: 'medium', timeZone: tenant.timeZone })}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p>
        <Link href={BLOG_PATHS.list()} className={`${ui.button} ${ui.secondary}`}>
          {t('blogAll')}
        </Link>
      </p>
    </section>
  );
}
