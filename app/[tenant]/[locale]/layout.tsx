import type { Metadata, Viewport } from 'next';
import type { CSSProperties, ReactNode } from 'react';
import { brandCssVariables } from '@/lib/settings/colour';
import { shareImage } from '@/lib/seo/metadata';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { isRtl } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import { EarlyInput } from '@/components/ui/early-input';
import '../../globals.css';

export const dynamicParams = true;
export const revalidate = 300;

export function generateStaticParams(): { tenant: string; locale: string }[] {
  return [];
}

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { tenant, locale, market } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    title: { default: t('title', { businessName: tenant.name }), template: `%s | ${tenant.name}` },
    description: t('description', { businessName: tenant.name }),
    applicationName: tenant.name,
    // without a logo, the icon drawn for this operator (docs/requirements/crawler.md#icons), never the demo's logo
    icons: tenant.iconBase
      ? {
          icon: [
            { url: `${tenant.iconBase}-32.png`, sizes: '32x32', type: 'image/png' },
            ...(tenant.logoUrl?.endsWith('.svg') ? [{ url: tenant.logoUrl, type: 'image/svg+xml' }] : []),
          ],
          apple: [{ url: `${tenant.iconBase}-180.png`, sizes: '180x180' }],
        }
      : { icon: tenant.logoUrl ?? '/favicon.ico' },
    openGraph: { siteName: tenant.name, images: [shareImage(tenant, 'page', market.lang, tenant.name)] },
    twitter: { card: 'summary_large_image', images: [shareImage(tenant, 'page', market.lang, tenant.name).url] },
  };
}

/** The browser's theme colour is the operator's brand colour. */
export async function generateViewport({ params }: { params: PageParams }): Promise<Viewport> {
  const { tenant } = await pageContext(params);
  return { width: 'device-width', initialScale: 1, themeColor: brandCssVariables(tenant.brandColor)['--color-primary'] };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <html lang={market.lang} dir={isRtl(market.lang) ? 'rtl' : 'ltr'} style={brandCssVariables(tenant.brandColor) as CSSProperties}>
      <body>
        <NextIntlClientProvider messages={null}>{children}</NextIntlClientProvider>
        <EarlyInput />
      </body>
    </html>
  );
}
