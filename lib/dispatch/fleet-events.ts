/** socket.io events of the console's live fleet map, shared by the server and the browser. */

/** Server → the business room: drivers' new positions, batched (lib/realtime/fleet.ts). */
export const FLEET_POSITIONS_EVENT = 'fleetPositions';
/** Server → the business room: some driver's state changed (online, offer); read the fleet again. */
export const FLEET_CHANGED_EVENT = 'fleetChanged';

export type FleetPosition = { driverId: number; lat: number; lng: number; at: string };
