import { browserQueryClient } from '@/components/data/query-client';
import { queryKeys } from '@/lib/query-keys';
import { reversePlace, searchPlaces, type PlaceSuggestion } from './api';

/** How long a search's answer is reused from the cache without asking again. */
const SEARCH_FRESH_MS = 30_000;

/**
 * The place input's reads through the page's QueryClient (one cache with the other screens).
 * Loaded when a place is first searched or located, so react-query and the API client are not
 * part of the landing's and the booking form's first-load JavaScript (issue 17).
 */
export function findPlaces(query: string, lang: string): Promise<PlaceSuggestion[]> {
  return browserQueryClient().fetchQuery({
    queryKey: queryKeys.places.search(lang, query),
    queryFn: () => searchPlaces(query, lang),
    staleTime: SEARCH_FRESH_MS,
  });
}

/** The place at a position (the rider's current location). */
export function placeAt(lat: number, lng: number, lang: string): Promise<PlaceSuggestion> {
  return browserQueryClient().fetchQuery({ queryKey: queryKeys.places.reverse(lang, lat, lng), queryFn: () => reversePlace(lat, lng, lang) });
}
