import { resetEnvForTests } from '@/lib/env';
import { blogPostJsonLd, blogPostMetadata } from '@/lib/seo/blog-seo';
import type { BlogPost } from '@/lib/db/schema';
import type { Tenant } from '@/lib/tenancy/queries';

const tenant: Tenant = {
  id: 1,
  slug: 'meridian',
  name: 'Meridian Cabs',
  email: null,
  phoneCode: '91',
  phone: '9000000000',
  countryCode: 'in',
  language: 'en',
  domain: 'meridiancabs.example',
  logoUrl: '/brand/meridian-logo.svg',
  bannerUrl: null,
  currency: 'INR',
  timeZone: 'Asia/Kolkata',
  shortName: null,
  whatsappPhone: null,
  iconBase: null,
  brandColor: '#0f766e',
  languages: null,
  settingsUpdatedAt: new Date('2024-01-01T00:00:00Z'),
};

const post: BlogPost = {
  id: 7,
  businessId: 1,
  authorUserId: 1,
  slug: 'airport-guide',
  title: '</script><script>window.__xss=1</script> Airport guide',
  description: `<h1>Airport guide</h1><p>${'Flight tracking and fixed fares for every pickup. '.repeat(6)}</p><script>secret()</script>`,
  keywords: 'airport, chennai',
  tags: null,
  image: '/api/uploads/meridian/blog/0b7a2c1e-5f8d-4c3b-9a1e-2d4f6a8b0c1d.jpg',
  imageWebp: '/api/uploads/meridian/blog/0b7a2c1e-5f8d-4c3b-9a1e-2d4f6a8b0c1d.webp',
  language: 'en',
  createdAt: new Date('2026-11-24T14:30:00Z'),
  updatedAt: new Date('2026-11-25T09:00:00Z'),
};

beforeAll(() => resetEnvForTests());

describe('blog post metadata (docs/requirements/crawler.md#blog-posts)', () => {
  it('has the title, a description cut to 155 characters, one absolute canonical and its language cluster', () => {
    const meta = blogPostMetadata(tenant, { country: 'in', lang: 'en' }, post, 'Cover image for Airport guide');
    expect(meta.title).toBe(post.title);
    expect(typeof meta.description).toBe('string');
    expect((meta.description as string).length).toBeLessThanOrEqual(155);
    expect(meta.description).toMatch(/^Airport guide\. Flight tracking.* for…$/);
    expect(meta.openGraph?.description).toBe(meta.description);
    expect(meta.twitter?.description).toBe(meta.description);
    expect(blogPostJsonLd(tenant, { country: 'in', lang: 'en' }, post, { home: 'Home', blog: 'Blog' })['@graph'][0].description).toBe(meta.description);
    expect(meta.description).not.toContain('secret');
    expect(meta.alternates?.canonical).toBe('https://meridiancabs.example/in/en/blog/airport-guide');
    expect(meta.alternates?.languages).toEqual({
      'en-IN': 'https://meridiancabs.example/in/en/blog/airport-guide',
      'x-default': 'https://meridiancabs.example/in/en/blog/airport-guide',
    });
    expect(meta.openGraph).toMatchObject({
      type: 'article',
      url: 'https://meridiancabs.example/in/en/blog/airport-guide',
      publishedTime: '2026-11-24T14:30:00.000Z',
      images: [{ url: `https://meridiancabs.example${post.image}`, alt: 'Cover image for Airport guide' }],
    });
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image', images: [`https://meridiancabs.example${post.image}`] });
  });

  it("consolidates a foreign prefix on the operator's own market", () => {
    expect(blogPostMetadata(tenant, { country: 'uk', lang: 'en' }, post, 'x').alternates?.canonical).toBe(
      'https://meridiancabs.example/in/en/blog/airport-guide',
    );
  });

  it('describes the post as BlogPosting with breadcrumbs', () => {
    const doc = blogPostJsonLd(tenant, { country: 'in', lang: 'en' }, post, { home: 'Home', blog: 'Blog' });
    const [posting, crumbs] = doc['@graph'];
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: '2026-11-24T14:30:00.000Z',
      dateModified: '2026-11-25T09:00:00.000Z',
      inLanguage: 'en',
      url: 'https://meridiancabs.example/in/en/blog/airport-guide',
      image: [`https://meridiancabs.example${post.image}`, `https://meridiancabs.example${post.imageWebp}`],
      publisher: { '@type': 'Organization', name: 'Meridian Cabs', logo: 'https://meridiancabs.example/brand/meridian-logo.svg' },
    });
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ item: 'https://meridiancabs.example/in/en/user/home' }, { item: 'https://meridiancabs.example/in/en/blogs' }, { position: 3 }],
    });
  });
});
