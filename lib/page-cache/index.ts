/**
 * The page cache: how a change an operator makes (settings, fares, ratings, payment keys, a blog post, a
 * domain) shows on the next page view, on every instance. Its one entry point is refreshOperatorPages().
 *
 * The trip of a change, e.g. a fare saved through instance A while a rider's page is answered by B:
 *
 * 1. The API route (lib/api/routes/...) saves the change and awaits refreshOperatorPages(slug).
 * 2. refresh.ts runs the refresh on A at once and announces it on the cluster bus (lib/cluster/bus.ts:
 *    PostgreSQL NOTIFY on `travelsx_cluster`); every other instance, B included, runs the same steps on
 *    the notice (with PGlite there is one process and no notice).
 * 3. On each instance: the front door's stores (stores.ts: documents and app pages, in memory, bounded by
 *    bytes) drop the operator's copies; Next's own cache drops its renders (next-cache.ts sends a request to
 *    Next's handler over a private Unix socket, app/api/internal/revalidate -> next-route.ts, since
 *    revalidatePath and revalidateTag only run inside Next's request scope). Every page of an operator reads the operator's
 *    row through a cache tagged tenantCacheTag(slug) (lib/tenancy/page-tenant.ts), so that one tag
 *    re-renders all of its pages.
 * 4. Renders that were in flight when the change came may finish with the old page after Next dropped it
 *    (renders.ts): the refresh waits for them, then tells Next and the stores once more.
 * 5. A's promise resolves: the API answers, and the next view of any page of the operator, on A or on B
 *    once its notice has run, is rendered afresh by Next and stored again by the front door
 *    (lib/http/front/).
 *
 * Which pages are kept as documents, and for how long, is the table in kinds.ts.
 */
export { refreshOperatorPages } from './refresh';
