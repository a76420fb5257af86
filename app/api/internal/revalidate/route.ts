import { refreshInsideNext } from '@/lib/page-cache/next-route';

/** Next's cache refresh, reached only in-process (lib/page-cache/next-cache.ts). */
export const POST = refreshInsideNext;
