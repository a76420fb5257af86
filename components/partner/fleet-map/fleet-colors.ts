import type { FleetState } from '@/lib/dispatch/fleet-states';

/** Marker colours by driver state, shared by the map, its sketch and the legend (each passes 3:1 against white and the map). */
export const STATE_COLORS: Record<FleetState, string> = {
  free: '#15803d',
  offered: '#b45309',
  ontheway: '#1d4ed8',
  ontrip: '#7e22ce',
  offline: '#6b7280',
};
/** A stale position is ringed in this colour. */
export const STALE_COLOR = '#b91c1c';
/** Open rides' pickups. */
export const PICKUP_COLOR = '#0f172a';
