import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { postBySlug } from '@/lib/blog/queries';
import { sanitizeBlogHtml } from '@/lib/blog/sanitize';
import { writingLocale } from '@/lib/blog/generate';
import { formatDateTime } from '@/lib/i18n/format';

/** One post of the operator (docs/requirements/rider.md#reading-the-blog): title, slug, description (sanitised HTML), image, imageWebp, create_lcl_time. */
export const GET = endpoint({}, async ({ db, tenant, params }) => {
  const slug = typeof params.slug === 'string' ? params.slug : '';
  const post = await postBySlug(db, tenant.id, slug);
  if (!post) throw notFound('Invalid API response: No data found');
  return {
    success: true,
    data: {
      title: post.title,
      slug: post.slug,
      description: sanitizeBlogHtml(post.description),
      keywords: post.keywords,
      image: post.image,
      imageWebp: post.imageWebp,
      language: post.language,
      create_iso_time: post.createdAt.toISOString(),
      create_lcl_time: formatDateTime(post.createdAt, writingLocale(tenant, post.language), tenant.timeZone),
    },
  };
});
