import 'server-only';
import { clusterTopic } from '@/lib/cluster/bus';
import { appPageCache, documentCache, purgeDocuments, purgeTenantDocuments } from './document-cache';
import { revalidate, type RevalidateRequest } from './revalidate';

/** Pages to render afresh: the front door's copies (exact tenant paths, or a whole tenant) and Next's cache. */
export type PagesNotice = { paths?: string[]; tenant?: string; next: RevalidateRequest };

function purgeHere(notice: PagesNotice): void {
  if (notice.tenant) purgeTenantDocuments(notice.tenant);
  if (notice.paths) purgeDocuments(notice.paths);
}

/**
 * The front door's copies go at once (the next request asks Next again), and
 * again once Next has marked its own copies stale: a request that came in
 * between got Next's old render, which the front door may have kept.
 */
async function refreshHere(notice: PagesNotice): Promise<void> {
  purgeHere(notice);
  await revalidate(notice.next);
  purgeHere(notice);
}

/** The tenant of internal paths (/{tenant}/{locale}/...). */
function tenantOf(paths: readonly string[]): string | undefined {
  return paths[0]?.split('/')[1] || undefined;
}

/**
 * Renders pages afresh on every instance: this one at once (the promise
 * resolves once its Next cache has dropped the old pages), the others on the
 * notice (each purges its own front-door copies and revalidates its own Next
 * cache in-process). A notice too large for PostgreSQL becomes the whole
 * tenant; after a lost notice connection an instance drops every copy.
 */
export const refreshPagesEverywhere = clusterTopic<PagesNotice>('pages', refreshHere, {
  resync: () => {
    documentCache().purge(() => true);
    appPageCache().purge(() => true);
    void revalidate({ paths: [{ path: '/', type: 'layout' }], tags: [] });
  },
  tooLarge: (notice) => {
    const tenant = notice.tenant ?? tenantOf(notice.paths ?? []);
    return tenant
      ? {
          tenant,
          next: {
            paths: [
              { path: `/${tenant}`, type: 'layout' },
              { path: '/[tenant]', type: 'layout' },
            ],
            tags: notice.next.tags,
          },
        }
      : { next: { paths: [{ path: '/', type: 'layout' }], tags: notice.next.tags } };
  },
});
