import type { Metadata } from 'next';
import { createTranslator } from 'next-intl';
import { loadMessages } from '@/lib/i18n/messages';

export const metadata: Metadata = { robots: { index: false } };

/** Answers hosts that no tenant owns (the middleware rewrites here with status 404). */
export default async function SiteNotFoundPage({ params }: { params: Promise<{ lang: string }> }) {
  const { lang } = await params;
  const messages = await loadMessages(lang);
  const t = createTranslator({ locale: lang, messages, namespace: 'SiteNotFound' });
  return (
    <main style={{ maxWidth: 640, margin: '0 auto', padding: '64px 16px' }}>
      {/* React hoists it into the head: this route's 404 rewrite leaves Next's metadata empty. */}
      <title>{t('title')}</title>
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
    </main>
  );
}
