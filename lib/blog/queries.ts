import 'server-only';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { blogPosts, type BlogPost } from '@/lib/db/schema';
import { BLOG_PAGE_SIZE, publicImagePath } from './schemas';
import { blogProse, cutText } from './sanitize';

/** What a list shows of a post. */
export type BlogSummary = Pick<BlogPost, 'slug' | 'title' | 'image' | 'imageWebp' | 'language' | 'createdAt' | 'updatedAt'> & { excerpt: string };

export type BlogPage = { posts: BlogSummary[]; total: number; page: number; pages: number; size: number };

/** Characters of text in a list excerpt. */
const EXCERPT_CHARS = 180;

/** One page (0-based) of the operator's posts, newest first; `language` keeps one language's posts. */
export async function listPosts(
  db: Db,
  businessId: number,
  { page = 0, size = BLOG_PAGE_SIZE, language }: { page?: number; size?: number; language?: string } = {},
): Promise<BlogPage> {
  const where = language ? and(eq(blogPosts.businessId, businessId), eq(blogPosts.language, language)) : eq(blogPosts.businessId, businessId);
  const [{ total }] = await db.select({ total: count() }).from(blogPosts).where(where);
  const rows = await db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      description: blogPosts.description,
      image: blogPosts.image,
      imageWebp: blogPosts.imageWebp,
      language: blogPosts.language,
      createdAt: blogPosts.createdAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(size)
    .offset(page * size);
  const posts = rows.map(({ description, ...post }) => ({
    ...post,
    image: publicImagePath(post.image),
    imageWebp: publicImagePath(post.imageWebp),
    excerpt: cutText(blogProse(description, post.title), EXCERPT_CHARS, post.language),
  }));
  return { posts, total, page, size, pages: Math.max(1, Math.ceil(total / size)) };
}

/** Posts on the rider home (docs/requirements/rider.md#the-rider-home-and-its-popups). */
export const HOME_POST_COUNT = 3;

/** The operator's newest posts in one language, newest first: the rider home's cards. */
export async function newestPosts(db: Db, businessId: number, language: string, size = HOME_POST_COUNT): Promise<BlogSummary[]> {
  return (await listPosts(db, businessId, { size, language })).posts;
}

/** The operator's post with this slug, or undefined. */
export async function postBySlug(db: Db, businessId: number, slug: string): Promise<BlogPost | undefined> {
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.businessId, businessId), eq(blogPosts.slug, slug)))
    .limit(1);
  return post && { ...post, image: publicImagePath(post.image), imageWebp: publicImagePath(post.imageWebp) };
}

/** Every post's slug, language and last change, for sitemaps. */
export async function listBlogSlugs(db: Db, businessId: number): Promise<{ slug: string; language: string; updatedAt: Date }[]> {
  return db
    .select({ slug: blogPosts.slug, language: blogPosts.language, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.businessId, businessId))
    .orderBy(asc(blogPosts.slug));
}

export async function slugExists(db: Db, businessId: number, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.businessId, businessId), eq(blogPosts.slug, slug)))
    .limit(1);
  return rows.length > 0;
}
