/** Policy of documents: no inline script runs at all; only this origin's /visit.js. */
export function documentPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Policy of app pages: scripts carry this response's nonce; scripts they load are trusted (strict-dynamic), e.g. Google Maps. */
export function appPolicy(nonce: string, formOrigins: readonly string[] = [], connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https://fonts.gstatic.com",
    ['connect-src', "'self'", 'https://*.googleapis.com', 'https://*.gstatic.com', ...connectOrigins].join(' '),
    "frame-src 'self' https://www.google.com",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ['form-action', "'self'", ...formOrigins].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}
