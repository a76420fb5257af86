'use client';

import type { z } from 'zod';
import { api, typedCall, within, type ApiBody, type ApiDataOf, type ApiResult } from '@/lib/api/typed-client';
import { ApiRequestError, fetchData } from '@/components/data/fetch-data';
import type { generateBlogSchema } from '@/lib/blog/schemas';

/** POST /api/blog/generate: a description (HTML) or keywords for a title (the body the route parses with generateBlogSchema). */
export function generateForPost(body: z.input<typeof generateBlogSchema>) {
  return typedCall(api.blog.generate.$post({ json: body }, within(60_000)));
}

/** POST /api/blog/images (multipart, which the route reads itself: the file goes as the request's body): the stored cover's image and WebP paths. */
export async function uploadCover(file: File): Promise<ApiResult<ApiDataOf<typeof api.blog.images.$post>>> {
  const form = new FormData();
  form.append('file', file);
  const result = await typedCall(api.blog.images.$post(undefined, { init: { body: form, signal: AbortSignal.timeout(60_000) } }));
  if (!result.ok) return result;
  if (!result.data.data) return { ok: false, error: { code: 'generic', message: 'No image in the answer', status: 201 } };
  return { ok: true, data: result.data.data };
}

/** GET /api/blog: a page (0-based) of the operator's posts in every language, newest first, with the total. */
export async function fetchPostsPage(page: number, size: number) {
  const result = await typedCall(api.blog.$get({ query: { page: String(page), size: String(size) } }, within()));
  if (!result.ok) throw new ApiRequestError(result.error);
  return { posts: result.data.data, total: result.data.total, page: result.data.page };
}
export type PostRow = Awaited<ReturnType<typeof fetchPostsPage>>['posts'][number];

/** GET /api/blog/:slug: the post as stored (description as sanitised HTML). */
export const fetchPost = (slug: string) => fetchData(api.blog[':slug'].$get({ param: { slug } }, within()));

/** PUT /api/blog/:slug: the post replaced by the form's values (createBlogSchema). */
export const savePost = (slug: string, body: ApiBody<(typeof api.blog)[':slug']['$put']>) =>
  typedCall(api.blog[':slug'].$put({ param: { slug }, json: body }, within()));

/** DELETE /api/blog/:slug. */
export const deletePost = (slug: string) => fetchData(api.blog[':slug'].$delete({ param: { slug } }, within()));
