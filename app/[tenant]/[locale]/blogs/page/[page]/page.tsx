import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BlogListPage, blogListPageMetadata } from '@/components/blog/blog-list-page';

type Params = Promise<{ tenant: string; locale: string; page: string }>;

export const revalidate = 300;

/** "2".."100000"; page 1 lives at /blogs, anything else is not a page. */
async function pageNumber(params: Params): Promise<number> {
  const { page } = await params;
  const n = /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 0;
  if (n < 2) notFound();
  return n;
}

export function generateStaticParams(): { page: string }[] {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return blogListPageMetadata(params, await pageNumber(params));
}

/** blogs/page/:page: later pages of the list. */
export default async function BlogsPageN({ params }: { params: Params }) {
  return <BlogListPage params={params} page={await pageNumber(params)} />;
}
