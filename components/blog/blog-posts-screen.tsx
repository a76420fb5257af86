import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import { ConsoleScreen } from '@/components/partner/overview/console-screen';
import { sectionHref, type ConsoleArea } from '@/components/partner/sections';
import { BlogPostsTable } from './blog-posts-table';

/** "Blog posts" (docs/requirements/partner.md#writing-the-blog): the operator's posts to edit or delete, and a link to write one. */
export async function BlogPostsScreen({ area }: { area: ConsoleArea }) {
  const t = await getTranslations('BlogPosts');
  return (
    <ConsoleScreen
      title={t('title')}
      subtitle={t('subtitle')}
      aside={
        <Link href={sectionHref(area, 'blog')} className={`${ui.button} ${ui.primary}`}>
          {t('newPost')}
        </Link>
      }
    >
      <BlogPostsTable area={area} />
    </ConsoleScreen>
  );
}
