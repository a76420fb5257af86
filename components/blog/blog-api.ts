'use client';

import type { z } from 'zod';
import { api, typedCall, within, type ApiDataOf, type ApiResult } from '@/lib/api/typed-client';
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
