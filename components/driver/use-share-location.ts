'use client';

import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { DRIVER_LOCATION_EVENT, type SocketAck } from '@/lib/driver/events';

export type SharingStatus = 'off' | 'starting' | 'sharing' | 'denied' | 'unavailable' | 'unsupported' | 'refused';
export type SharingState = { status: SharingStatus; sentAt?: string; reason?: string };

/** Browser geolocation: high accuracy, 10 s timeout, no cached position (docs/requirements/driver.md#sharing-location). */
const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };
const OFF: SharingState = { status: 'off' };
/** After the n-th failure in a row (from 0) the watch starts again: at once, then after 1, 2, 4 … s, at most 30 s. */
export const retryDelayMs = (failures: number): number => (failures === 0 ? 0 : Math.min(30_000, 1000 * 2 ** (failures - 1)));

/**
 * While `active` (online, or a ride is accepted or on trip), watches the
 * phone's position and sends each fix over socket.io as `driverLocation`
 * {lat, lng, at}; the server stores it for the operator's map and moves the
 * rider's marker once the driver has set off. A failure other than a refused
 * permission starts the watch again (retryDelayMs), so sharing resumes by itself.
 */
export function useShareLocation(active: boolean): SharingState {
  const [state, setState] = useState<SharingState>({ status: 'starting' });

  useEffect(() => {
    if (!active) return;
    if (!('geolocation' in navigator)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setState({ status: 'unsupported' });
      return;
    }
    setState({ status: 'starting' });
    const socket = io({ withCredentials: true, transports: ['websocket', 'polling'] });
    socket.on('connect_error', (error) => console.warn('location sharing unavailable', error.message));
    let watch: number | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const send = (position: GeolocationPosition) => {
      failures = 0;
      const point = { lat: position.coords.latitude, lng: position.coords.longitude, at: Math.round(position.timestamp) };
      socket.emit(DRIVER_LOCATION_EVENT, point, (ack: SocketAck) =>
        setState(ack.ok ? { status: 'sharing', sentAt: new Date().toISOString() } : { status: 'refused', reason: ack.error.message }),
      );
    };
    const fail = (error: GeolocationPositionError) => {
      console.warn('geolocation failure', error.code, error.message);
      setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' });
      if (error.code === error.PERMISSION_DENIED || retry) return;
      // A lost fix (a tunnel, a time-out, the position source changing) may end the browser's watch: start it again.
      if (watch !== undefined) navigator.geolocation.clearWatch(watch);
      watch = undefined;
      retry = setTimeout(start, retryDelayMs(failures++));
    };
    const start = () => {
      retry = undefined;
      watch = navigator.geolocation.watchPosition(send, fail, WATCH_OPTIONS);
    };
    start();
    return () => {
      clearTimeout(retry);
      if (watch !== undefined) navigator.geolocation.clearWatch(watch);
      socket.disconnect();
    };
  }, [active]);

  return active ? state : OFF;
}
