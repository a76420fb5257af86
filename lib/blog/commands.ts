import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { blogPosts, type BlogPost } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { languageOf } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { blogError } from './errors';
import { offeredLanguages, writingLocale } from './generate';
import { isOwnUpload } from './images';
import { postBySlug, slugExists } from './queries';
import { blogText, sanitizeBlogHtml } from './sanitize';
import { DESCRIPTION_MIN_CHARS, isUploadPath, type CreateBlog } from './schemas';

/** Plain text fields keep what the author typed, minus control characters (React escapes them on render). */
const plain = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();

/** The checks create and update share; the stored fields of `input` (description sanitised, text fields plain). */
async function checkedFields(tenant: Tenant, input: CreateBlog, language: string) {
  // a language the market lacks would be served under another language's path: refused, never replaced
  if (input.language && !offeredLanguages(tenant).includes(input.language)) throw blogError('languageInvalid', 'language');
  const description = sanitizeBlogHtml(input.description);
  if (blogText(description).length < DESCRIPTION_MIN_CHARS) throw blogError('descriptionTooShort', 'description');
  if (isUploadPath(input.image) && !(await isOwnUpload(tenant.slug, input.image))) throw blogError('imageInvalid', 'image');
  if (input.imageWebp && !(await isOwnUpload(tenant.slug, input.imageWebp))) throw blogError('imageInvalid', 'imageWebp');
  return {
    slug: input.slug,
    title: plain(input.title),
    description,
    keywords: plain(input.keywords),
    tags: input.tags ? plain(input.tags) : null,
    image: input.image,
    imageWebp: input.imageWebp ?? null,
    language: input.language ? languageOf(writingLocale(tenant, input.language)) : language,
  };
}

/** A unique-slug violation as the 409 naming `slug`. */
function slugConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw blogError('slugTaken', 'slug', 'conflict');
  throw error;
}

/**
 * Publishes a post: the description sanitised to the allowlist (still at least
 * 100 characters of text), images of this operator only, in a language of
 * the operator's market (400 naming `language` otherwise), the slug unique per
 * operator (409 naming `slug`).
 */
export async function createPost(db: Db, tenant: Tenant, authorUserId: number | null, input: CreateBlog): Promise<BlogPost> {
  const fields = await checkedFields(tenant, input, languageOf(writingLocale(tenant)));
  if (await slugExists(db, tenant.id, input.slug)) throw blogError('slugTaken', 'slug', 'conflict');
  try {
    const [post] = await db
      .insert(blogPosts)
      .values({ businessId: tenant.id, authorUserId, ...fields })
      .returning();
    return post;
  } catch (error) {
    return slugConflict(error);
  }
}

/**
 * Replaces the operator's post `slug` with `input`, checked as createPost checks it (a new slug
 * unique too); its language stays unless `input` names one. Undefined when the operator has no
 * such post (another operator's post included).
 */
export async function updatePost(db: Db, tenant: Tenant, slug: string, input: CreateBlog): Promise<BlogPost | undefined> {
  const current = await postBySlug(db, tenant.id, slug);
  if (!current) return undefined;
  const fields = await checkedFields(tenant, input, current.language);
  if (input.slug !== slug && (await slugExists(db, tenant.id, input.slug))) throw blogError('slugTaken', 'slug', 'conflict');
  try {
    const [post] = await db
      .update(blogPosts)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(blogPosts.businessId, tenant.id), eq(blogPosts.id, current.id)))
      .returning();
    return post;
  } catch (error) {
    return slugConflict(error);
  }
}

/** Deletes the operator's post `slug`; false when the operator has no such post. */
export async function deletePost(db: Db, tenantId: number, slug: string): Promise<boolean> {
  const deleted = await db
    .delete(blogPosts)
    .where(and(eq(blogPosts.businessId, tenantId), eq(blogPosts.slug, slug)))
    .returning({ id: blogPosts.id });
  return deleted.length > 0;
}
