import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { shareImage } from '@/lib/settings/share-image';
import { SHARE_FILE, shareVersion, type ShareKind } from '@/lib/settings/share-path';

/**
 * /media/{tenant}/share/{kind}-{lang}-{version}.png: the host operator's share
 * image (1200x630 PNG). The current version is immutable; an older version
 * answers the current image for a short while (a page cached before a change).
 */
export const GET = endpoint({}, async ({ tenant, params }) => {
  const match = SHARE_FILE.exec(params.file ?? '');
  if (params.tenant !== tenant.slug || !match) throw notFound();
  const [, kind, lang, version] = match;
  const png = await shareImage(tenant, kind as ShareKind, lang);
  const current = version === shareVersion(tenant);
  return new Response(new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
