import { getTranslations } from 'next-intl/server';
import type { BlogPost } from '@/lib/db/schema';
import { coverSize } from '@/lib/blog/page-data';
import { renderBlogHtml } from '@/lib/blog/sanitize';
import { BLOG_PATHS } from '@/lib/seo/blog-seo';
import { formatDateTime } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import { BlogCover } from './blog-cover';
import styles from './blog.module.css';

/** The post page (docs/requirements/rider.md#reading-the-blog): back link, title, "Published on" with the local creation time, cover, description as (sanitised) HTML without a first block repeating the title. */
export async function BlogArticle({ post, tenantSlug, locale, timeZone }: { post: BlogPost; tenantSlug: string; locale: string; timeZone: string }) {
  const t = await getTranslations('Blog');
  const size = await coverSize(tenantSlug, post.image);
  return (
    <article className={styles.article}>
      <Link href={BLOG_PATHS.list()} className={styles.back}>
        {t('backToBlogs')}
      </Link>
      <h1>{post.title}</h1>
      <p className={ui.hint}>
        <time dateTime={post.createdAt.toISOString()}>{t('publishedOn', { date: formatDateTime(post.createdAt, locale, timeZone) })}</time>
      </p>
      <BlogCover image={post.image} imageWebp={post.imageWebp} alt={t('coverAlt', { title: post.title })} size={size} priority />
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: renderBlogHtml(post.description, post.title) }} />
    </article>
  );
}
