import { notFound, permanentRedirect } from 'next/navigation';
import { getPathname } from '@/lib/i18n/locale-href';
import { RESERVED_ROOT_SEGMENTS, SEO_PATHS } from '@/lib/seo/paths';
import { requirePlace } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

/**
 * The route table's `:city` (/{country}/{lang}/{city}). The folder is named
 * [segment] because Next allows one dynamic name per level and `:role/app`
 * shares it (the first segment is a city here, a role there); static routes
 * (signup, privacy, terms, blogs...) take precedence.
 */
type Params = Promise<{ tenant: string; locale: string; segment: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { segment: string }[] {
  return [];
}

/** /{country}/{lang}/{city} leads to the city's place page for good; any other segment is a 404. */
export default async function CityRootPage({ params }: { params: Params }) {
  const { tenant, locale } = await pageContext(params);
  const raw = (await params).segment;
  if (RESERVED_ROOT_SEGMENTS.has(raw.toLowerCase())) notFound();
  const place = await requirePlace(tenant, locale, raw, SEO_PATHS.place);
  permanentRedirect(getPathname({ href: SEO_PATHS.place(place.slug), locale }));
}
