import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { Link } from '@/lib/i18n/navigation';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import ui from '@/components/ui/ui.module.css';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('travelHomeTitle') };
}

/** Operator console home (client travel mode's root). */
export default async function TravelHomePage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  const t = await getTranslations('TravelHome');
  return (
    <SiteShell tenant={tenant} market={market}>
      <h1>{t('title', { businessName: tenant.name })}</h1>
      <p>{t('body')}</p>
      <Link href="/user/home" className={`${ui.button} ${ui.primary}`}>
        {t('riderSite')}
      </Link>
    </SiteShell>
  );
}
