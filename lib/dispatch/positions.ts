import { greatCircleMeters, type LatLng } from '@/lib/road-distance/estimate';

/*
 * Which driver positions are believed. A fix is ignored (and logged, never
 * drawn) when it is older than the last one stored, from the future, too old
 * to be live, or a jump no car makes (faster than MAX_SPEED_KMH from the last
 * stored fix, e.g. 500 km in 5 s). Coordinates out of range never pass the
 * schema.
 */

export const MAX_SPEED_KMH = 250;
/** A fix this far ahead of the server's clock is refused; this far behind it is not live. */
export const FUTURE_SKEW_MS = 60_000;
export const LIVE_AGE_MS = 10 * 60_000;

export type Fix = LatLng & { at: Date };
export type FixVerdict = 'ok' | 'out_of_order' | 'future' | 'too_old' | 'jump';

export function judgeFix(previous: Fix | null, next: Fix, now: Date): FixVerdict {
  if (next.at.getTime() > now.getTime() + FUTURE_SKEW_MS) return 'future';
  if (next.at.getTime() < now.getTime() - LIVE_AGE_MS) return 'too_old';
  if (!previous) return 'ok';
  if (next.at.getTime() <= previous.at.getTime()) return 'out_of_order';
  const seconds = Math.max(1, (next.at.getTime() - previous.at.getTime()) / 1000);
  const kmh = greatCircleMeters(previous, next) / 1000 / (seconds / 3600);
  return kmh > MAX_SPEED_KMH ? 'jump' : 'ok';
}
