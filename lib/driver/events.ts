/** socket.io events and rooms of live driver tracking, shared by the server and the browser. */

/** Driver → server: the driver's position {lat, lng, at} while online or on an accepted or on-trip ride. */
export const DRIVER_LOCATION_EVENT = 'driverLocation';
/** Viewer → server: join a ride's room {rideId, token?}; answered by acknowledgement. */
export const TRACK_RIDE_EVENT = 'trackRide';
/** Server → room `ride:{id}`: the driver moved. */
export const DRIVER_POSITION_EVENT = 'driverPosition';
/** Server → room `ride:{id}`: the ride's status changed (a share link dies when it ends). */
export const RIDE_STATUS_EVENT = 'rideStatus';

/** Rooms are named by the database id (server side only); every event carries the ride's number within the operator. */
export const rideRoom = (rideId: number) => `ride:${rideId}`;
/** A driver's own room: ride changes of the rides assigned to them. */
export const driverRoom = (userId: number) => `driver:${userId}`;

export type DriverPositionEvent = { rideId: number; lat: number; lng: number; at: string };
export type RideStatusEvent = { rideId: number; status: string };
/** `ignored`: a position that cannot be true (lib/dispatch/positions), logged and not stored. */
export type SocketAck = { ok: true; ignored?: string } | { ok: false; error: { code: string; message: string } };
