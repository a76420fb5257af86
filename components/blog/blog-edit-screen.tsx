import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { sectionHref, type ConsoleArea } from '@/components/partner/sections';
import screen from '@/components/partner/overview/screen.module.css';
import { BlogEditForm } from './blog-edit-form';

/** Edit a post (docs/requirements/partner.md#writing-the-blog): the create form filled with the post, saved in place. */
export async function BlogEditScreen({ area }: { area: ConsoleArea }) {
  const t = await getTranslations('BlogCreate');
  const tp = await getTranslations('BlogPosts');
  return (
    <section className={screen.screen} aria-labelledby="blog-edit-title">
      <header className={screen.heading}>
        <h1 id="blog-edit-title">{t('editTitle')}</h1>
        <p>
          <Link href={sectionHref(area, 'posts')}>{tp('backToList')}</Link>
        </p>
      </header>
      <BlogEditForm />
    </section>
  );
}
