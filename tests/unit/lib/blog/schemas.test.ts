import en from '@/messages/en.json';
import { createBlogSchema, generateBlogSchema, slugify, textOfHtml } from '@/lib/blog/schemas';

const valid = {
  title: 'Airport transfers in Chennai',
  slug: 'airport-transfers-chennai',
  keywords: 'airport, chennai, taxi',
  description: `<p>${'Fixed fares and flight tracking for every airport pickup. '.repeat(2)}</p>`,
  image: '/api/uploads/demo/blog/0b7a2c1e-5f8d-4c3b-9a1e-2d4f6a8b0c1d.jpg',
};

const firstIssue = (input: unknown) => {
  const result = createBlogSchema.safeParse(input);
  return result.success ? undefined : { path: result.error.issues[0].path.join('.'), key: result.error.issues[0].message };
};

describe('blog create schema (docs/requirements/partner.md#writing-the-blog)', () => {
  it('accepts a complete post, with tags optional', () => {
    expect(createBlogSchema.safeParse(valid).success).toBe(true);
    expect(createBlogSchema.safeParse({ ...valid, tags: 'guides', imageWebp: valid.image.replace('.jpg', '.webp') }).success).toBe(true);
    expect(createBlogSchema.safeParse({ ...valid, image: 'https://cdn.example/cover.jpg' }).success).toBe(true);
  });

  it.each([
    ['a blank title', { title: '   ' }, 'title', 'titleRequired'],
    ['a missing title', { title: undefined }, 'title', 'titleRequired'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title', 'titleTooLong'],
    ['a blank slug', { slug: '' }, 'slug', 'slugRequired'],
    ['a slug with capitals and spaces', { slug: 'Travel Tips' }, 'slug', 'slugInvalid'],
    ['a slug with markup', { slug: '<script>alert(1)</script>' }, 'slug', 'slugInvalid'],
    ['a slug with a double hyphen', { slug: 'travel--tips' }, 'slug', 'slugInvalid'],
    ['a slug ending in a hyphen', { slug: 'travel-' }, 'slug', 'slugInvalid'],
    ['a slug with a path', { slug: '../admin' }, 'slug', 'slugInvalid'],
    ['the reserved slug create', { slug: 'create' }, 'slug', 'slugReserved'],
    ['a slug over 100 characters', { slug: 'a'.repeat(101) }, 'slug', 'slugTooLong'],
    ['blank keywords', { keywords: ' ' }, 'keywords', 'keywordsRequired'],
    ['a missing description', { description: '' }, 'description', 'descriptionRequired'],
    ['99 characters of description', { description: `<p>${'x'.repeat(99)}</p>` }, 'description', 'descriptionTooShort'],
    ['a description that is 100 characters of script', { description: `<script>${'x'.repeat(120)}</script>` }, 'description', 'descriptionTooShort'],
    ['a missing image', { image: '' }, 'image', 'imageRequired'],
    ['a javascript: image', { image: 'javascript:alert(1)' }, 'image', 'imageInvalid'],
    ['a plain-http image', { image: 'http://cdn.example/a.jpg' }, 'image', 'imageInvalid'],
    ['a data: image', { image: 'data:image/png;base64,AAAA' }, 'image', 'imageInvalid'],
    ['an upload path that escapes', { image: '/api/uploads/demo/blog/../../../etc/passwd' }, 'image', 'imageInvalid'],
    ['a webp twin that is not an upload', { imageWebp: 'https://cdn.example/a.webp' }, 'imageWebp', 'imageInvalid'],
    ['tags over 500 characters', { tags: 't'.repeat(501) }, 'tags', 'tagsTooLong'],
  ])('refuses %s', (_, change, path, key) => {
    expect(firstIssue({ ...valid, ...change })).toEqual({ path, key });
    expect(en.BlogCreate.errors[key as keyof typeof en.BlogCreate.errors]).toBeTruthy();
  });

  it('counts exactly 100 characters of text as enough', () => {
    expect(firstIssue({ ...valid, description: `<h2>${'x'.repeat(49)}</h2><p>${'y'.repeat(49)}</p>` })).toEqual({
      path: 'description',
      key: 'descriptionTooShort',
    });
    expect(firstIssue({ ...valid, description: `<h2>${'x'.repeat(50)}</h2><p>${'y'.repeat(49)}</p>` })).toBeUndefined();
    expect(firstIssue({ ...valid, description: `<p>${'y'.repeat(100)}</p>` })).toBeUndefined();
  });

  it('asks for a title before generating (spec: "Please enter a title first.")', () => {
    const result = generateBlogSchema.safeParse({ title: '   ' });
    expect(result.success).toBe(false);
    expect(en.BlogCreate.errors[result.error!.issues[0].message as 'titleFirst']).toBe('Please enter a title first.');
    expect(generateBlogSchema.parse({ title: ' Tips ' })).toEqual({ field: 'description', title: 'Tips' });
  });

  it('keeps the spec strings', () => {
    expect(en.BlogCreate).toMatchObject({
      title: 'Create a New Blog',
      slugPlaceholder: 'travel-tips',
      keywordsPlaceholder: 'travel, dubai, rentals',
      descriptionHint: 'Minimum 100 characters',
      submit: 'Create Blog',
      submitting: 'Submitting...',
      success: 'Blog created successfully!',
      failed: 'Failed to create blog.',
      error: 'Something went wrong while creating the blog.',
      titleFirst: 'Please enter a title first.',
      generateFailed: 'Failed to generate description.',
    });
    expect(en.Blog.backToBlogs).toBe('← Back to Blogs');
  });

  it('suggests slugs and reads text out of HTML', () => {
    expect(slugify('  Dubai Airport: Tips & Tricks (2026)! ')).toBe('dubai-airport-tips-tricks-2026');
    expect(slugify('Café crème')).toBe('cafe-creme');
    expect(textOfHtml('<p>a&nbsp;&amp;&#x41;&#66;</p><style>x</style>')).toBe('a &AB');
  });
});
