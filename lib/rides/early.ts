/** Starting earlier than this before pickup, or completing before pickup, asks the person to confirm (a likely mistake). */
export const EARLY_START_MINUTES = 60;

/**
 * Minutes until pickup when starting (more than EARLY_START_MINUTES before)
 * or completing (before the pickup time) would be early; undefined otherwise.
 * Shared by the driver app and the console, which warn before they act.
 */
export function earlyByMinutes(action: 'start' | 'complete', pickupTime: string | Date, now = Date.now()): number | undefined {
  const minutes = Math.round((new Date(pickupTime).getTime() - now) / 60_000);
  const early = action === 'start' ? minutes > EARLY_START_MINUTES : minutes > 0;
  return early ? minutes : undefined;
}
