import 'server-only';
import { cache } from 'react';
import { getDb } from '@/lib/db/client';
import { uploadedImageSize } from './images';
import { listPosts, newestPosts, postBySlug } from './queries';
import { blogSlugSchema, BLOG_PAGE_SIZE } from './schemas';

/** The post a page shows (shared by its metadata and body in one render); undefined for a malformed or unknown slug. */
export const pagePost = cache(async (businessId: number, slug: string) => {
  if (!blogSlugSchema.safeParse(slug).success) return undefined;
  return postBySlug(await getDb(), businessId, slug);
});

/** The stored size of a post's cover (for width and height on the page); undefined for an address elsewhere. */
export const coverSize = cache((tenantSlug: string, image: string) => uploadedImageSize(tenantSlug, image));

/** Page `page` (1-based) of the list in one language. */
export const pageOfPosts = cache(async (businessId: number, language: string, page: number) =>
  listPosts(await getDb(), businessId, { page: page - 1, size: BLOG_PAGE_SIZE, language }),
);

/** The rider home's cards: the operator's newest posts in the page's language. */
export const homePosts = cache(async (businessId: number, language: string) => newestPosts(await getDb(), businessId, language));
