import { normalisePlaceName } from '@/lib/places/normalise';

/** Longest `?place=` value read; a longer one is no place name. */
const PLACE_PARAM_MAX = 100;

/**
 * The text to look a link's `?place=<slug or name>` up with
 * (docs/requirements/rider.md#booking-by-form): a slug's hyphens become spaces
 * ("new-delhi" -> "new delhi"); undefined when absent, empty or too long.
 */
export function placeParamOf(search: string): string | undefined {
  const raw = new URLSearchParams(search).get('place')?.trim();
  if (!raw || raw.length > PLACE_PARAM_MAX) return undefined;
  const text = raw.replace(/[-_+]+/g, ' ').trim();
  return text || undefined;
}

type Candidate = { name: string; lat: number; lng: number; code?: string };

/**
 * The place the parameter names among the place search's answers: the first whose name (or, for
 * "T Nagar, Chennai", its first part, or an airport's IATA code) is the parameter once both are
 * written as a URL slug. An unknown or loose match is no place: the link's parameter is then ignored.
 */
export function placeParamMatch(param: string, candidates: readonly Candidate[]): { name: string; lat: number; lng: number } | undefined {
  const wanted = normalisePlaceName(param);
  if (!wanted) return undefined;
  const found = candidates.find(
    (c) =>
      normalisePlaceName(c.name) === wanted ||
      normalisePlaceName(c.name.split(',')[0] ?? '') === wanted ||
      normalisePlaceName(c.name.replace(/\s*\([A-Z]{3}\)\s*$/, '')) === wanted ||
      (c.code !== undefined && c.code.toLowerCase() === wanted),
  );
  return found ? { name: found.name, lat: found.lat, lng: found.lng } : undefined;
}
