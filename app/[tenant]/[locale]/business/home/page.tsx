import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { localizedPath } from '@/lib/i18n/markets';
import { platformOrigin } from '@/lib/tenancy/platform';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import ui from '@/components/ui/ui.module.css';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('businessHomeTitle') };
}

const PRODUCTS = ['travel', 'delivery', 'seller'] as const;

/** Aggregator home: hero with Get Started and Learn More, then the travel, delivery and seller products. */
export default async function BusinessHomePage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  const t = await getTranslations('BusinessHome');
  return (
    <SiteShell tenant={tenant} market={market}>
      <section className={ui.section}>
        <h1>{t('title')}</h1>
        <p className={ui.muted}>{t('subtitle')}</p>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          {/* signing up is the platform's: on a rider host /signup would lead back to the rider home */}
          <a href={`${platformOrigin()}${localizedPath(market, '/signup')}`} className={`${ui.button} ${ui.primary}`}>
            {t('getStarted')}
          </a>
          <a href="#products" className={`${ui.button} ${ui.secondary}`}>
            {t('learnMore')}
          </a>
        </div>
      </section>
      <ul id="products" className={ui.grid}>
        {PRODUCTS.map((key) => (
          <li key={key} className={ui.card}>
            <h2>{t(`${key}Title`)}</h2>
            <p>{t(`${key}Body`)}</p>
          </li>
        ))}
      </ul>
    </SiteShell>
  );
}
