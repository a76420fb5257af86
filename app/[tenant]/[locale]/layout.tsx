import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { isRtl } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import '../../globals.css';

export const dynamicParams = true;
export const revalidate = 300;

export function generateStaticParams(): { tenant: string; locale: string }[] {
  return [];
}

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { tenant, locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    title: { default: t('title', { businessName: tenant.name }), template: `%s | ${tenant.name}` },
    description: t('description', { businessName: tenant.name }),
    applicationName: tenant.name,
    icons: { icon: tenant.logoUrl ?? '/brand/meridian-logo.svg' },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0f766e' };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: PageParams }) {
  const { market } = await pageContext(params);
  return (
    <html lang={market.lang} dir={isRtl(market.lang) ? 'rtl' : 'ltr'}>
      <body>
        <NextIntlClientProvider messages={null}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
