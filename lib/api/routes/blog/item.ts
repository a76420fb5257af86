import { z } from 'zod';
import en from '@/messages/en.json';
import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { deletePost, updatePost } from '@/lib/blog/commands';
import { parseBlog } from '@/lib/blog/errors';
import { postBySlug } from '@/lib/blog/queries';
import { createBlogSchema } from '@/lib/blog/schemas';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';
import { sanitizeBlogHtml } from '@/lib/blog/sanitize';
import { writingLocale } from '@/lib/blog/generate';
import { formatDateTime } from '@/lib/i18n/format';

/** Largest update body, in bytes (as for a new post: lib/api/routes/blog/blog.ts). */
const MAX_BODY_BYTES = 512 * 1024;

const NOT_FOUND = 'Invalid API response: No data found';
const slugOf = (params: Record<string, string>) => (typeof params.slug === 'string' ? params.slug : '');

/** One post of the operator (docs/requirements/rider.md#reading-the-blog): title, slug, description (sanitised HTML), image, imageWebp, create_lcl_time. */
export const GET = endpoint({}, async ({ db, tenant, params }) => {
  const post = await postBySlug(db, tenant.id, slugOf(params));
  if (!post) throw notFound(NOT_FOUND);
  return {
    success: true,
    data: {
      title: post.title,
      slug: post.slug,
      description: sanitizeBlogHtml(post.description),
      keywords: post.keywords,
      tags: post.tags,
      image: post.image,
      imageWebp: post.imageWebp,
      language: post.language,
      create_iso_time: post.createdAt.toISOString(),
      create_lcl_time: formatDateTime(post.createdAt, writingLocale(tenant, post.language), tenant.timeZone),
    },
  };
});

/** Replaces a post of the session's operator (checked as a new post is; 404 for a post it does not have), then refreshes its pages. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: z.unknown(), maxBytes: MAX_BODY_BYTES, keepNul: true }, async ({ db, tenant, params, body }) => {
  const post = await updatePost(db, tenant, slugOf(params), parseBlog(createBlogSchema, body));
  if (!post) throw notFound(NOT_FOUND);
  // the post's page, the lists and the home's cards show the new text; a new slug leaves the old page a 404
  await refreshOperatorPages(tenant.slug);
  return {
    success: true,
    message: en.BlogCreate.updated,
    data: { slug: post.slug, title: post.title, language: post.language, update_iso_time: post.updatedAt.toISOString() },
  };
});

/** Deletes a post of the session's operator (404 for a post it does not have), then refreshes its pages: the post's page answers 404. */
export const DELETE = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant, params }) => {
  if (!(await deletePost(db, tenant.id, slugOf(params)))) throw notFound(NOT_FOUND);
  await refreshOperatorPages(tenant.slug);
  return { success: true, message: en.BlogPosts.deleted };
});
