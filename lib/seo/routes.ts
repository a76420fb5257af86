import { servedCountries, tripReachIssue } from '@/lib/fares/trip-reach';
import { estimateRoute } from '@/lib/road-distance';
import { ROUTE_JOINER } from './paths';

export type RoutePlace = { slug: string; name: string; region: string | null; lat: number; lng: number };

export type PopularRoute<P extends RoutePlace = RoutePlace> = { from: P; to: P; distanceM: number; durationS: number };

/** Each place's nearest other places that make its popular routes. */
export const ROUTES_PER_PLACE = 4;
/** Longest popular route, road metres (a long day's drive). */
export const MAX_ROUTE_METERS = 800_000;

/**
 * The operator's popular routes: from every place to its nearest few places
 * within a day's drive that a road reaches (the quote's rule), in both directions
 * (a route to B from A makes B to A popular too). Ordered by origin (the
 * operator's order), then distance.
 */
export function popularRoutes<P extends RoutePlace>(places: readonly P[]): PopularRoute<P>[] {
  const keys = new Set<string>();
  const served = servedCountries('', places);
  for (const from of places) {
    const nearest = places
      .filter((to) => to.slug !== from.slug && !tripReachIssue(served, from, to))
      .map((to) => ({ to, distanceM: estimateRoute(from, to).distanceM }))
      .filter((candidate) => candidate.distanceM <= MAX_ROUTE_METERS)
      .sort((a, b) => a.distanceM - b.distanceM)
      .slice(0, ROUTES_PER_PLACE);
    for (const { to } of nearest) {
      keys.add(`${from.slug}\n${to.slug}`);
      keys.add(`${to.slug}\n${from.slug}`);
    }
  }
  const bySlug = new Map(places.map((place) => [place.slug, place]));
  const order = new Map(places.map((place, index) => [place.slug, index]));
  return [...keys]
    .map((key) => {
      const [fromSlug, toSlug] = key.split('\n');
      const from = bySlug.get(fromSlug)!;
      const to = bySlug.get(toSlug)!;
      const estimate = estimateRoute(from, to);
      return { from, to, distanceM: estimate.distanceM, durationS: estimate.durationS };
    })
    .sort((a, b) => order.get(a.from.slug)! - order.get(b.from.slug)! || a.distanceM - b.distanceM || a.to.slug.localeCompare(b.to.slug));
}

export function routesFrom<P extends RoutePlace>(routes: readonly PopularRoute<P>[], slug: string): PopularRoute<P>[] {
  return routes.filter((route) => route.from.slug === slug);
}

/**
 * The popular route named by a "{from}-to-{to}" segment. Every "-to-" is
 * tried, so place slugs that contain "-to-" still resolve.
 */
export function findRoute<P extends RoutePlace>(routes: readonly PopularRoute<P>[], segment: string): PopularRoute<P> | undefined {
  for (let at = segment.indexOf(ROUTE_JOINER); at > 0; at = segment.indexOf(ROUTE_JOINER, at + 1)) {
    const from = segment.slice(0, at);
    const to = segment.slice(at + ROUTE_JOINER.length);
    const route = routes.find((r) => r.from.slug === from && r.to.slug === to);
    if (route) return route;
  }
  return undefined;
}
