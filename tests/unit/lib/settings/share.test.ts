import { pageMetadata } from '@/lib/seo/metadata';
import { shareImagePath, shareVersion } from '@/lib/settings/share-path';
import { pinLocalHosts } from '../seo/local-hosts';

const tenant = {
  slug: 'sunrise',
  domain: null,
  countryCode: 'in',
  language: 'en',
  languages: null,
  name: 'Sunrise Cabs',
  logoUrl: '/media/sunrise/brand/0b7c5b4e-8a5f-4d8e-9d55-2f7c1f7b9a10.png',
  brandColor: '#7c2d12',
  settingsUpdatedAt: new Date('2026-11-27T00:00:00Z'),
};

pinLocalHosts();

describe('share images in page metadata', () => {
  it('point Open Graph and Twitter at a 1200x630 PNG of the page kind, never an SVG', () => {
    const meta = pageMetadata({
      tenant,
      market: { country: 'in', lang: 'en' },
      href: '/place/coimbatore',
      title: 'Taxi in Coimbatore',
      description: 'd',
      shareKind: 'place',
    });
    const og = (meta.openGraph?.images as { url: string; width: number; height: number; type: string }[])[0];
    expect(og).toMatchObject({ url: `http://sunrise.localhost:3000${shareImagePath(tenant, 'place', 'en')}`, width: 1200, height: 630, type: 'image/png' });
    expect(og.url).toMatch(/\/media\/sunrise\/share\/place-en-[0-9a-f]{8}\.png$/);
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image', images: [{ url: og.url }] });
  });

  it('get a new address when the name, logo or colour changes, and one per kind and drawn language', () => {
    expect(shareVersion({ ...tenant, brandColor: '#0f766e' })).not.toBe(shareVersion(tenant));
    expect(shareVersion({ ...tenant, name: 'Sunrise Taxis' })).not.toBe(shareVersion(tenant));
    expect(shareImagePath(tenant, 'home', 'en')).not.toBe(shareImagePath(tenant, 'route', 'en'));
    // Tamil is drawn in English by the server's fonts: the same image as English
    expect(shareImagePath(tenant, 'home', 'ta')).toBe(shareImagePath(tenant, 'home', 'en'));
    expect(shareImagePath(tenant, 'home', 'ar')).toMatch(/home-ar-/);
  });
});
