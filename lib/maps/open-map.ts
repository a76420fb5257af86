/**
 * The open-data map shown when no Google key is set (issue 20): a MapLibre GL
 * style, by default OpenFreeMap's "liberty" (OpenStreetMap data, no key). The
 * style's own sources carry the attribution the map shows.
 *
 * MAP_STYLE_URL sets another style (a self-hosted one, a commercial one with its
 * key in the URL); `off` shows the route sketch only. MAP_CONNECT_ORIGINS adds
 * origins the style's tiles, glyphs or sprites come from when they are not the
 * style's own (space separated), for the pages' Content-Security-Policy.
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

type MapEnv = { MAP_STYLE_URL?: string; MAP_CONNECT_ORIGINS?: string };

/** The style URL the browser loads, or null when the open map is off. */
export function openMapStyleUrl(source: MapEnv = process.env as MapEnv): string | null {
  const value = source.MAP_STYLE_URL?.trim();
  if (value === 'off') return null;
  if (!value) return DEFAULT_MAP_STYLE_URL;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Origins the map fetches from (the style's and MAP_CONNECT_ORIGINS), for connect-src. */
export function openMapOrigins(source: MapEnv = process.env as MapEnv): string[] {
  const style = openMapStyleUrl(source);
  if (!style) return [];
  const extra = (source.MAP_CONNECT_ORIGINS ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((value) => {
      try {
        return [new URL(value).origin];
      } catch {
        return [];
      }
    });
  return [...new Set([new URL(style).origin, ...extra])];
}
