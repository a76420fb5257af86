'use client';

import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { RIDE_EVENT, type RideChangedEvent } from '@/lib/realtime/events';

/**
 * Listens to ride changes over socket.io (the session cookie picks the rooms:
 * the business's rides for a partner, their own rides for a rider).
 */
export function useRideEvents(onEvent: (event: RideChangedEvent) => void, enabled = true): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    const socket = io({ withCredentials: true, transports: ['websocket', 'polling'] });
    socket.on(RIDE_EVENT, (event: RideChangedEvent) => handler.current(event));
    socket.on('connect_error', (error) => console.warn('live updates unavailable', error.message));
    return () => {
      socket.disconnect();
    };
  }, [enabled]);
}
