import { permanentRedirect } from 'next/navigation';
import { getPathname } from '@/lib/i18n/locale-href';
import { SEO_PATHS } from '@/lib/seo/paths';
import { requirePlace } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; city: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { city: string }[] {
  return [];
}

/** /{country}/{lang}/city/{city} said what the place page says: it leads there for good (404 for an unknown city). */
export default async function CityPage({ params }: { params: Params }) {
  const { tenant, locale } = await pageContext(params);
  const place = await requirePlace(tenant, locale, (await params).city, SEO_PATHS.place);
  permanentRedirect(getPathname({ href: SEO_PATHS.place(place.slug), locale }));
}
