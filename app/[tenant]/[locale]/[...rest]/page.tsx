import { notFound } from 'next/navigation';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

/**
 * Unknown paths are this host's 404 page: the rider 404 on an operator's host,
 * the platform's on the platform's host (issue 20 item 6: never the platform's
 * sales page on a rider host).
 */
export default async function UnknownPath({ params }: { params: PageParams }) {
  await pageContext(params);
  notFound();
}
