import 'server-only';
import { clusterTopic } from '@/lib/cluster/bus';
import { appPageCache, documentCache, purgeDocuments, purgeTenantDocuments } from './document-cache';
import { revalidate, type RevalidateRequest } from './revalidate';

/** Pages to render afresh: the front door's copies (exact tenant paths, or a whole tenant) and Next's cache. */
export type PagesNotice = { paths?: string[]; tenant?: string; next: RevalidateRequest };

function refreshHere(notice: PagesNotice): void {
  // the front door's copies go first, so the next request asks Next again
  if (notice.tenant) purgeTenantDocuments(notice.tenant);
  if (notice.paths) purgeDocuments(notice.paths);
  revalidate(notice.next);
}

/** The tenant of internal paths (/{tenant}/{locale}/...). */
function tenantOf(paths: readonly string[]): string | undefined {
  return paths[0]?.split('/')[1] || undefined;
}

/**
 * Renders pages afresh on every instance: this one at once, the others on the
 * notice (each purges its own front-door copies and revalidates its own Next
 * cache in-process). A notice too large for PostgreSQL becomes the whole
 * tenant; after a lost notice connection an instance drops every copy.
 */
export const refreshPagesEverywhere = clusterTopic<PagesNotice>('pages', refreshHere, {
  resync: () => {
    documentCache().purge(() => true);
    appPageCache().purge(() => true);
    revalidate({ paths: [{ path: '/', type: 'layout' }], tags: [] });
  },
  tooLarge: (notice) => {
    const tenant = notice.tenant ?? tenantOf(notice.paths ?? []);
    return tenant ? { tenant, next: { paths: [{ path: `/${tenant}`, type: 'layout' }], tags: notice.next.tags } } : { next: { paths: [{ path: '/', type: 'layout' }], tags: notice.next.tags } };
  },
});
