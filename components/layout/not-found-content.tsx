import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { SEO_PATHS } from '@/lib/seo/paths';
import ui from '@/components/ui/ui.module.css';

/**
 * The localized "page not found" body, shared by not-found.tsx and the server-rendered copy (page-not-found).
 * On a rider site it links the places index too, where every real place, airport and locality page is listed.
 */
export async function NotFoundContent({ riderSite = false }: { riderSite?: boolean }) {
  const t = await getTranslations('NotFound');
  const tb = await getTranslations('Breadcrumbs');
  return (
    <main id="main" style={{ maxWidth: 640, margin: '0 auto', padding: '64px 16px' }}>
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
      <p style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        <Link href="/" className={`${ui.button} ${ui.primary}`}>
          {t('home')}
        </Link>
        {riderSite ? (
          <Link href={SEO_PATHS.places()} className={`${ui.button} ${ui.secondary}`}>
            {tb('places')}
          </Link>
        ) : null}
      </p>
    </main>
  );
}
