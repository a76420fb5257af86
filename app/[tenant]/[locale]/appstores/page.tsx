import type { Metadata } from 'next';
import UserHomePage, { generateMetadata as homeMetadata } from '../user/home/page';
import { AppStores } from '@/components/site/appstores';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  return { ...(await homeMetadata({ params })), robots: { index: false } };
}

/** appstores (docs/requirements/rider.md#the-rider-home-and-its-popups): the rider home with the app-stores popup open. */
export default async function AppStoresPage({ params }: { params: PageParams }) {
  const { tenant } = await pageContext(params);
  return (
    <>
      <UserHomePage params={params} />
      <AppStores tenant={tenant} />
    </>
  );
}
