'use client';

import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { RIDE_EVENT, type RideChangedEvent } from '@/lib/realtime/events';
import { onReadAgain } from './socket-read-again';

/**
 * Listens to ride changes over socket.io (the session cookie picks the rooms:
 * the business's rides for a partner, their own rides for a rider).
 * `onReconnect` runs when the socket is back after losing its server (an
 * instance restarting hands its clients to another) or its server's link to
 * the other instances is back: changes made meanwhile sent no event here, so
 * the caller reads again what it shows.
 */
export function useRideEvents(onEvent: (event: RideChangedEvent) => void, enabled = true, onReconnect?: () => void): void {
  const handler = useRef(onEvent);
  const reconnected = useRef(onReconnect);
  useEffect(() => {
    handler.current = onEvent;
    reconnected.current = onReconnect;
  });
  useEffect(() => {
    if (!enabled) return;
    const socket = io({ withCredentials: true, transports: ['websocket', 'polling'] });
    socket.on(RIDE_EVENT, (event: RideChangedEvent) => handler.current(event));
    onReadAgain(socket, () => reconnected.current?.());
    socket.on('connect_error', (error) => console.warn('live updates unavailable', error.message));
    return () => {
      socket.disconnect();
    };
  }, [enabled]);
}
