import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';

/** The localized "page not found" body, shared by not-found.tsx and the server-rendered copy (page-not-found). */
export async function NotFoundContent() {
  const t = await getTranslations('NotFound');
  return (
    <main id="main" style={{ maxWidth: 640, margin: '0 auto', padding: '64px 16px' }}>
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
      <Link href="/" className={`${ui.button} ${ui.primary}`}>
        {t('home')}
      </Link>
    </main>
  );
}
