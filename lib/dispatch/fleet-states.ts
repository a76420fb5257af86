/** A driver's state on the live fleet map, most engaged first (the console's client code reads these too). */
export const FLEET_STATES = ['ontrip', 'ontheway', 'offered', 'free', 'offline'] as const;
export type FleetState = (typeof FLEET_STATES)[number];
