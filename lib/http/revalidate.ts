import { logger } from '@/lib/log';

/** Pages and cache tags to render afresh in Next (the API router runs outside Next's request scope). */
export type RevalidateRequest = { paths: { path: string; type?: 'layout' | 'page' }[]; tags: string[] };

type Revalidator = (request: RevalidateRequest) => Promise<void>;

let revalidator: Revalidator | undefined;

/** server.ts hands over the way to reach Next's cache (an in-process request to its revalidation handler). */
export function provideRevalidator(next: Revalidator): void {
  revalidator = next;
}

/**
 * Asks Next to render the pages afresh; without a Next server (tests, scripts) there is no cache to refresh.
 * Callers may await it (it never rejects) to know Next's cache no longer holds the old pages.
 */
export function revalidate(request: RevalidateRequest): Promise<void> {
  if (!revalidator) {
    logger.debug({ request }, 'pages not revalidated (no Next.js server in this process)');
    return Promise.resolve();
  }
  return revalidator(request).catch((err: unknown) => logger.warn({ err, request }, 'pages not revalidated'));
}
