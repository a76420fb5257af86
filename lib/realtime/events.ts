/** socket.io rooms and event names shared by the server and the browser. */
export const RIDE_EVENT = 'rideChanged';

/**
 * Sent by an instance to its own sockets when its link to the other instances
 * (the adapter's LISTENing connection) is back after a loss: events sent
 * meanwhile never arrived, so a screen reads its lists again, as after its own
 * reconnection (docs/architecture/events.md#connections).
 */
export const RESYNC_EVENT = 'resync';

export type RideChangedEvent = { id: number; from: string | null; to: string; status: string; createdAt: string };

export const businessRoom = (businessId: number) => `business:${businessId}`;
export const riderRoom = (userId: number) => `rider:${userId}`;
