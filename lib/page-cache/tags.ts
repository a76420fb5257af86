/** Next cache tag of everything rendered from an operator's row (its pages read the tenant through it): revalidating it re-renders that operator's pages only. */
export function tenantCacheTag(slug: string): string {
  return `tenant:${slug}`;
}
