import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { parseBlog } from '@/lib/blog/errors';
import { generateForBlog } from '@/lib/blog/generate';
import { generateBlogSchema } from '@/lib/blog/schemas';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Writes a description (sanitised HTML) or keywords for a title (docs/requirements/partner.md#writing-the-blog). */
export const POST = endpoint({ auth: PARTNER_ROLES, body: z.unknown() }, async ({ db, tenant, body }) => {
  const generated = await generateForBlog(db, tenant, parseBlog(generateBlogSchema, body));
  return { success: true, data: generated.text, source: generated.source };
});
