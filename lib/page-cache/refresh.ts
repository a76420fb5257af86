import { clusterTopic } from '@/lib/cluster/bus';
import { refreshNext } from './next-cache';
import { rendersBegunBefore } from './renders';
import { purgeStores } from './stores';
import { tenantCacheTag } from './tags';

/** How long a refresh waits for renders begun before it (ms); a render takes far less. */
const RENDERS_WAIT_MS = 5_000;

/** This instance's steps: the stores and Next drop the operator's pages, and again once renders begun before have ended. */
async function refreshHere(change: { tenant: string }): Promise<void> {
  const next = { paths: [], tags: [tenantCacheTag(change.tenant)] };
  purgeStores({ tenant: change.tenant });
  await refreshNext(next);
  await rendersBegunBefore(RENDERS_WAIT_MS);
  await refreshNext(next);
  purgeStores({ tenant: change.tenant });
}

const announce = clusterTopic<{ tenant: string }>('pages', refreshHere, {
  // after a lost notice connection (notices may have been missed) an instance drops every page it holds
  resync: () => {
    purgeStores('all');
    void refreshNext({ paths: [{ path: '/', type: 'layout' }], tags: [] });
  },
});

/**
 * The one entry point: something an operator changed (settings, fares, ratings, payment keys, a blog post,
 * its domain) shows on its pages from the next view, on every instance. Resolves once this instance's stores
 * and Next no longer hold the old pages (other instances follow on the notice), so an API answer given after
 * it means the change is on the site.
 */
export function refreshOperatorPages(tenantSlug: string): Promise<void> {
  return announce({ tenant: tenantSlug });
}
