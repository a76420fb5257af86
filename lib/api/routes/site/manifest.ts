import { createTranslator } from 'next-intl';
import { endpoint } from '@/lib/api/endpoint';
import { loadMessages } from '@/lib/i18n/messages';
import { webManifest } from '@/lib/seo/manifest';

/** The web app manifest of the tenant that owns the Host: its name and icons. */
export const GET = endpoint({}, async ({ tenant }) => {
  const t = createTranslator({ locale: tenant.language, messages: await loadMessages(tenant.language), namespace: 'Metadata' });
  const manifest = webManifest(tenant, t('description', { businessName: tenant.name }));
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=300', vary: 'Host' },
  });
});
