import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import type { Messages } from '@/lib/i18n/messages';

/*
 * The auth pages' route modules are split one per page kind (./login-route,
 * ./signup-route, ./verify-phone-route): a page's client JavaScript is every
 * client component its server modules import, so the console login no longer
 * ships the signup forms and their phone input.
 */

export type { PageRoute as Route } from '@/lib/tenancy/page-tenant';

export function metadata(key: keyof Messages['Metadata']) {
  return async ({ params }: { params: PageParams }): Promise<Metadata> => {
    const { locale } = await pageContext(params);
    const t = await getTranslations({ locale, namespace: 'Metadata' });
    return { title: t(key), robots: { index: false } };
  };
}
