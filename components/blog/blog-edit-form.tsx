'use client';

import { useParams } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { queryKeys } from '@/lib/query-keys';
import { editableDescription } from '@/lib/blog/schemas';
import { loadStatus } from '@/components/data/query-status';
import { LoadState } from '@/components/partner/overview/load-state';
import { fetchPost } from './blog-api';
import { BlogCreateForm } from './blog-create-form';

/** The post named by the page's `slug`, loaded into the blog form; a post the operator does not have says so. */
export function BlogEditForm() {
  const t = useTranslations('BlogPosts');
  const { slug } = useParams<{ slug: string }>();
  const post = useQuery({ queryKey: queryKeys.partner.blogPost(slug), queryFn: () => fetchPost(slug), retry: false, staleTime: Infinity });
  if (post.data) {
    const { data } = post;
    const values = {
      title: data.title,
      slug: data.slug,
      keywords: data.keywords,
      description: editableDescription(data.description),
      image: data.image,
      imageWebp: data.imageWebp,
      tags: data.tags ?? undefined,
      language: data.language,
    };
    return <BlogCreateForm editing={{ slug: data.slug, values }} />;
  }
  return (
    <LoadState
      status={loadStatus(post) === 'error' ? 'error' : 'loading'}
      loading={t('loading')}
      error={t('notFound')}
      retry={t('retry')}
      onRetry={() => void post.refetch()}
    />
  );
}
