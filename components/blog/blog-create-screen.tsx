import { getTranslations } from 'next-intl/server';
import screen from '@/components/partner/overview/screen.module.css';
import { BlogCreateForm } from './blog-create-form';

/** "Create a New Blog", header and form (docs/requirements/partner.md#writing-the-blog). */
export async function BlogCreateScreen() {
  const t = await getTranslations('BlogCreate');
  return (
    <section className={screen.screen} aria-labelledby="blog-create-title">
      <header className={screen.heading}>
        <h1 id="blog-create-title">{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      <BlogCreateForm />
    </section>
  );
}
