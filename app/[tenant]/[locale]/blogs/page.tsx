import type { Metadata } from 'next';
import type { PageParams } from '@/lib/tenancy/page-tenant';
import { BlogListPage, blogListPageMetadata } from '@/components/blog/blog-list-page';

export const revalidate = 300;

export function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  return blogListPageMetadata(params, 1);
}

/** blogs: the operator's posts, newest first (the detail page's '← Back to Blogs' target). */
export default function BlogsPage({ params }: { params: PageParams }) {
  return <BlogListPage params={params} page={1} />;
}
