import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { WalletScreen } from '@/components/partner/wallet/wallet-screen';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'PartnerWallet' });
  return { title: t('title'), robots: { index: false } };
}

/** travel/wallet: the business's balance and recent activity. */
export default async function Page({ params }: { params: PageParams }) {
  const { tenant } = await pageContext(params);
  return (
    <ConsolePage params={params} area="travel" namespaces={['PartnerWallet', 'Overview', 'Paginator']}>
      <WalletScreen timeZone={tenant.timeZone} />
    </ConsolePage>
  );
}
