/** Places grouped by region, in the operator's order; places without a region come last. */
export function groupByRegion<P extends { region: string | null }>(places: readonly P[]): { region: string | null; places: P[] }[] {
  const groups = new Map<string | null, P[]>();
  for (const place of places) groups.set(place.region, [...(groups.get(place.region) ?? []), place]);
  return [...groups].map(([region, list]) => ({ region, places: list })).sort((a, b) => Number(a.region === null) - Number(b.region === null));
}
