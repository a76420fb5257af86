/** Paths the API router answers instead of Next: everything under /api, uploaded media and the site's root files. */
const ROOT_FILES = new Set(['/robots.txt', '/sitemap.xml', '/manifest.webmanifest', '/favicon.ico']);

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/media/') || ROOT_FILES.has(pathname) || pathname.startsWith('/sitemap/');
}
