import { normalisePlaceName } from '@/lib/places/normalise';

export type SlugLookup<T> = { kind: 'found'; value: T } | { kind: 'redirect'; slug: string; value: T } | { kind: 'missing' };

/** A path segment as text ("Chennai%21" -> "Chennai!"); undecodable input stays as given. */
export function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A place segment (docs/requirements/crawler.md#place-names-in-urls): normalise it; a known slug written oddly
 * redirects to the normalised slug, an unknown one is missing.
 */
export function lookupSlug<T>(raw: string, find: (slug: string) => T | undefined): SlugLookup<T> {
  const text = decodeSegment(raw);
  const slug = normalisePlaceName(text);
  if (!slug || slug.length > 200) return { kind: 'missing' };
  const value = find(slug);
  if (value === undefined) return { kind: 'missing' };
  return slug === text ? { kind: 'found', value } : { kind: 'redirect', slug, value };
}
