import { endpoint } from '@/lib/api/endpoint';
import { operatorFavicon } from '@/lib/settings/favicon';

/** Cacheable per Host (s): a new logo reaches an icon already fetched within the hour. */
const CACHE = 'public, max-age=3600';

/** /favicon.ico of the operator that owns the Host (docs/requirements/crawler.md#icons). */
export const GET = endpoint({}, async ({ tenant }) => {
  const icon = await operatorFavicon(tenant);
  if ('redirect' in icon) return new Response(null, { status: 302, headers: { location: icon.redirect, 'cache-control': CACHE, vary: 'Host' } });
  return new Response(new Uint8Array(icon.ico), { headers: { 'content-type': 'image/x-icon', 'cache-control': CACHE, vary: 'Host' } });
});
