import 'server-only';
import type { Db } from '@/lib/db/client';
import { blogPosts, type BlogPost } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { languageOf } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { blogError } from './errors';
import { offeredLanguages, writingLocale } from './generate';
import { isOwnUpload } from './images';
import { slugExists } from './queries';
import { blogText, sanitizeBlogHtml } from './sanitize';
import { DESCRIPTION_MIN_CHARS, isUploadPath, type CreateBlog } from './schemas';

/** Plain text fields keep what the author typed, minus control characters (React escapes them on render). */
const plain = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();

/**
 * Publishes a post: the description sanitised to the allowlist (still at least
 * 100 characters of text), images of this operator only, in a language of
 * the operator's market (400 naming `language` otherwise), the slug unique per
 * operator (409 naming `slug`).
 */
export async function createPost(db: Db, tenant: Tenant, authorUserId: number | null, input: CreateBlog): Promise<BlogPost> {
  // a language the market lacks would be served under another language's path: refused, never replaced
  if (input.language && !offeredLanguages(tenant).includes(input.language)) throw blogError('languageInvalid', 'language');
  const description = sanitizeBlogHtml(input.description);
  if (blogText(description).length < DESCRIPTION_MIN_CHARS) throw blogError('descriptionTooShort', 'description');
  if (isUploadPath(input.image) && !(await isOwnUpload(tenant.slug, input.image))) throw blogError('imageInvalid', 'image');
  if (input.imageWebp && !(await isOwnUpload(tenant.slug, input.imageWebp))) throw blogError('imageInvalid', 'imageWebp');
  if (await slugExists(db, tenant.id, input.slug)) throw blogError('slugTaken', 'slug', 'conflict');
  try {
    const [post] = await db
      .insert(blogPosts)
      .values({
        businessId: tenant.id,
        authorUserId,
        slug: input.slug,
        title: plain(input.title),
        description,
        keywords: plain(input.keywords),
        tags: input.tags ? plain(input.tags) : null,
        image: input.image,
        imageWebp: input.imageWebp ?? null,
        language: languageOf(writingLocale(tenant, input.language)),
      })
      .returning();
    return post;
  } catch (error) {
    if (isUniqueViolation(error)) throw blogError('slugTaken', 'slug', 'conflict');
    throw error;
  }
}
