/** socket.io rooms and event names shared by the server and the browser. */
export const RIDE_EVENT = 'rideChanged';

export type RideChangedEvent = { id: number; from: string | null; to: string; status: string; createdAt: string };

export const businessRoom = (businessId: number) => `business:${businessId}`;
export const riderRoom = (userId: number) => `rider:${userId}`;
