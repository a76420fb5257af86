import { redirect } from '@/lib/i18n/locale-href';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

/** Unknown paths redirect to the landing (spec 000 §2.1). */
export default async function UnknownPath({ params }: { params: PageParams }) {
  const { locale } = await pageContext(params);
  redirect({ href: '/', locale });
}
