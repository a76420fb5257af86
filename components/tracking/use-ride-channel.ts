'use client';

import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import {
  DRIVER_POSITION_EVENT,
  RIDE_STATUS_EVENT,
  TRACK_RIDE_EVENT,
  type DriverPositionEvent,
  type RideStatusEvent,
  type SocketAck,
} from '@/lib/driver/events';
import { RESYNC_EVENT } from '@/lib/realtime/events';

type Handlers = { onPosition: (event: DriverPositionEvent) => void; onStatus: (event: RideStatusEvent) => void; onJoined?: () => void };

/** Joins the ride's live room (session cookie, or the share token) and hands over the driver's moves and status changes, and each (re)join. */
export function useRideChannel(rideId: number | null, token: string | undefined, enabled: boolean, handlers: Handlers): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    if (!enabled || !rideId) return;
    const socket = io({ withCredentials: true, transports: ['websocket', 'polling'] });
    // Joined again after every reconnect: rooms do not survive a new connection.
    socket.on('connect', () => {
      socket.emit(TRACK_RIDE_EVENT, { rideId, token }, (ack: SocketAck) => {
        if (!ack.ok) console.warn('live tracking unavailable', ack.error.message);
        // a move made before the room was joined was not sent here: the caller reads the position again
        else current.current.onJoined?.();
      });
    });
    socket.on(DRIVER_POSITION_EVENT, (event: DriverPositionEvent) => {
      if (event.rideId === rideId) current.current.onPosition(event);
    });
    socket.on(RIDE_STATUS_EVENT, (event: RideStatusEvent) => {
      if (event.rideId === rideId) current.current.onStatus(event);
    });
    // the server's link to the other instances is back: a move sent meanwhile did not arrive
    socket.on(RESYNC_EVENT, () => current.current.onJoined?.());
    socket.on('connect_error', (error) => console.warn('live tracking unavailable', error.message));
    return () => {
      socket.disconnect();
    };
  }, [rideId, token, enabled]);
}
