import { z } from 'zod';
import en from '@/messages/en.json';
import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { createPost } from '@/lib/blog/commands';
import { parseBlog } from '@/lib/blog/errors';
import { listPosts } from '@/lib/blog/queries';
import { blogListQuerySchema, createBlogSchema } from '@/lib/blog/schemas';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';

/** Largest create body, in bytes (a 100,000-character description in any script). */
const MAX_BODY_BYTES = 512 * 1024;

/** A page of the operator's posts, newest first (public). */
export const GET = endpoint({ query: blogListQuerySchema }, async ({ query, db, tenant }) => {
  const result = await listPosts(db, tenant.id, query);
  return { success: true, data: result.posts, total: result.total, page: result.page, pages: result.pages };
});

/** Publishes a post (docs/requirements/partner.md#writing-the-blog) for the session's operator, then refreshes its pages. */
export const POST = endpoint({ auth: PARTNER_ROLES, body: z.unknown(), maxBytes: MAX_BODY_BYTES, keepNul: true }, async ({ db, tenant, session, body }) => {
  const post = await createPost(db, tenant, session.userId, parseBlog(createBlogSchema, body));
  // the post shows on its lists and on pages that link to posts (the rider home's cards)
  await refreshOperatorPages(tenant.slug);
  const data = {
    slug: post.slug,
    title: post.title,
    language: post.language,
    image: post.image,
    imageWebp: post.imageWebp,
    create_iso_time: post.createdAt.toISOString(),
  };
  return jsonAt({ success: true, message: en.BlogCreate.success, data }, 201);
});
