/** Paths crawlers skip: APIs, accounts, the booking steps, consoles and payment pages. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/*/*/user/rides',
  '/*/*/user/profile',
  '/*/*/user/wallet',
  '/*/*/ride/',
  '/*/*/travel/',
  '/*/*/delivery/',
  '/*/*/business/',
  '/*/*/pay/',
  '/*/*/verify/',
  '/*/*/track/',
  '/*/*/blog/create',
] as const;

/** Uploaded images (blog covers), which pages reference as og:image and in structured data. */
export const MEDIA_PATH = '/media/';

/** robots.txt of a tenant's host: its rules and the sitemap index on its own origin. */
export function robotsTxt(origin: string): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    `Allow: ${MEDIA_PATH}`,
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ];
  return lines.join('\n');
}
