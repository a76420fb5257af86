import { MEDIA_PREFIX } from '@/lib/media/paths';
import { z } from 'zod';

/*
 * Blog inputs shared by the create form, the route handlers and the tests
 * (docs/requirements/partner.md#writing-the-blog). Messages are keys of `BlogCreate.errors`.
 */

/** docs/requirements/partner.md#writing-the-blog, docs/requirements/crawler.md#blog-posts: description minimum (characters of text) and the meta description cap. */
export const DESCRIPTION_MIN_CHARS = 100;
export const META_DESCRIPTION_MAX = 155;
export const BLOG_LIMITS = { title: 200, slug: 100, keywords: 500, tags: 500, descriptionHtml: 100_000, imageUrl: 2048 } as const;
/** Largest accepted upload, in bytes. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BLOG_PAGE_SIZE = 12;

/** A stored cover: the fallback image and its WebP twin (public paths). */
export type StoredImage = { image: string; imageWebp: string };
/** Slugs that name routes of their own (blog/create). */
export const RESERVED_SLUGS: readonly string[] = ['create'];

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Posts stored before /media/ name the old /api/uploads/. */
const LEGACY_UPLOAD_PREFIX = '/api/uploads/';
/** Public path of an image stored by this app: /media/{tenant}/blog/{uuid}.{ext} (or the same under /api/uploads/). */
export const UPLOAD_PATH_PATTERN =
  /^\/(?:media|api\/uploads)\/([a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?)\/blog\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|jpg|png)$/;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Character references (&amp;, &#8377;, &#x20b9;) as the characters they name; unknown names kept. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole;
    const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : ' ';
  });
}

/** Visible text of an HTML fragment, whitespace collapsed (isomorphic, for length checks and excerpts). */
export function textOfHtml(html: string): string {
  return decodeEntities(
    html.replace(/<(script|style|iframe|svg|math|template|noscript|textarea|title|object)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** A stored description as the edit form shows it: plain text (stored with its characters escaped) as typed; HTML as it is. */
export function editableDescription(stored: string): string {
  return /<[a-z!/]/i.test(stored) ? stored : decodeEntities(stored);
}

/** A slug suggestion from a title: lower case, runs of other characters as one hyphen. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '');
}

export function isUploadPath(value: string): boolean {
  return UPLOAD_PATH_PATTERN.test(value);
}

/** {tenant}, kind and file of an upload path; undefined for anything else. */
export function uploadSegments(value: string): string[] | undefined {
  if (!isUploadPath(value)) return undefined;
  const rest = value.startsWith(MEDIA_PREFIX) ? value.slice(MEDIA_PREFIX.length) : value.slice(LEGACY_UPLOAD_PREFIX.length);
  return rest.split('/');
}

/** The path pages link an image at: uploads under /media/, other addresses unchanged. */
export function publicImagePath<T extends string | null>(value: T): T {
  const segments = value === null ? undefined : uploadSegments(value);
  return (segments ? `${MEDIA_PREFIX}${segments.join('/')}` : value) as T;
}

function isImageUrl(value: string): boolean {
  if (isUploadPath(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const requiredText = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const blogSlugSchema = z
  .string({ error: 'slugRequired' })
  .trim()
  .min(1, 'slugRequired')
  .max(BLOG_LIMITS.slug, 'slugTooLong')
  .regex(SLUG_PATTERN, 'slugInvalid')
  .refine((slug) => !RESERVED_SLUGS.includes(slug), 'slugReserved');

/** POST /api/blog (docs/requirements/partner.md#writing-the-blog): title, slug, keywords, description (HTML), image; tags optional. */
export const createBlogSchema = z.object({
  title: requiredText(BLOG_LIMITS.title, 'titleRequired', 'titleTooLong'),
  slug: blogSlugSchema,
  keywords: requiredText(BLOG_LIMITS.keywords, 'keywordsRequired', 'keywordsTooLong'),
  description: z
    .string({ error: 'descriptionRequired' })
    .trim()
    .min(1, 'descriptionRequired')
    .max(BLOG_LIMITS.descriptionHtml, 'descriptionTooLong')
    .refine((html) => textOfHtml(html).length >= DESCRIPTION_MIN_CHARS, 'descriptionTooShort'),
  image: requiredText(BLOG_LIMITS.imageUrl, 'imageRequired', 'imageInvalid').refine(isImageUrl, 'imageInvalid'),
  imageWebp: z
    .string({ error: 'imageInvalid' })
    .refine((v) => isUploadPath(v) && v.endsWith('.webp'), 'imageInvalid')
    .nullish(),
  tags: z.string({ error: 'tagsTooLong' }).trim().max(BLOG_LIMITS.tags, 'tagsTooLong').optional(),
  language: z
    .string({ error: 'languageInvalid' })
    .regex(/^[a-z]{2}$/, 'languageInvalid')
    .optional(),
});

export type CreateBlogInput = z.input<typeof createBlogSchema>;
export type CreateBlog = z.output<typeof createBlogSchema>;

/** POST /api/blog/generate: what to write (docs/requirements/partner.md#writing-the-blog: a non-empty trimmed title first). */
export const generateBlogSchema = z.object({
  field: z.enum(['description', 'keywords'], { error: 'fieldInvalid' }).default('description'),
  title: z.string({ error: 'titleFirst' }).trim().min(1, 'titleFirst').max(BLOG_LIMITS.title, 'titleTooLong'),
  keywords: z.string().trim().max(BLOG_LIMITS.keywords, 'keywordsTooLong').optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}$/, 'languageInvalid')
    .optional(),
});

export type GenerateBlogInput = z.output<typeof generateBlogSchema>;

/** GET /api/blog: a page of posts (0-based like the console's paginator, offset/limit accepted too). */
export const blogListQuerySchema = z.object({
  page: z.coerce.number({ error: 'pageInvalid' }).int('pageInvalid').min(0, 'pageInvalid').max(100_000, 'pageInvalid').default(0),
  size: z.coerce.number({ error: 'sizeInvalid' }).int('sizeInvalid').min(1, 'sizeInvalid').max(100, 'sizeInvalid').default(BLOG_PAGE_SIZE),
  language: z
    .string()
    .regex(/^[a-z]{2}$/, 'languageInvalid')
    .optional(),
});
