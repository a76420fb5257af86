'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { FLEET_CHANGED_EVENT, FLEET_POSITIONS_EVENT, type FleetPosition } from '@/lib/dispatch/fleet-events';
import { RIDE_EVENT } from '@/lib/realtime/events';
import { queryKeys } from '@/lib/query-keys';
import { onReadAgain } from '@/components/ui/socket-read-again';
import { coalesce } from '@/components/ui/coalesce';
import { fetchFleet, type FleetData } from './api';

/** A read of the whole fleet at least this often (positions come live in between). */
const REFRESH_MS = 30_000;
/** State changes arriving together read the fleet once: 400 ms after the first, then at most every 2 s while they keep coming. */
const REREAD_FIRST_MS = 400;
const REREAD_GAP_MS = 2000;

export type LiveDriver = FleetData['drivers'][number];

/**
 * The fleet as the map shows it: the snapshot (GET /api/partner/fleet/live),
 * with positions replaced live from socket.io's batched `fleetPositions`
 * (applied at most once per animation frame), and read again when a driver's
 * state or a ride changes. With `agencyId`, one travel company's drivers only.
 */
export function useFleet(enabled = true, agencyId?: number) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.partner.fleet.live(agencyId),
    queryFn: () => fetchFleet(agencyId),
    enabled,
    refetchInterval: REFRESH_MS,
  });
  // positions arrive into a ref; once per animation frame they become state (the render reads only state)
  const positions = useRef(new Map<number, FleetPosition>());
  const [live, setLive] = useState<ReadonlyMap<number, FleetPosition>>(new Map());

  useEffect(() => {
    if (!enabled) return;
    const socket = io({ withCredentials: true, transports: ['websocket', 'polling'] });
    let scheduled = 0;
    // not a debounce: 20 bookings a second never leave it a quiet 400 ms, and the map kept states 30 s old
    const reread = coalesce(() => client.invalidateQueries({ queryKey: queryKeys.partner.fleet.live() }), {
      firstMs: REREAD_FIRST_MS,
      gapMs: REREAD_GAP_MS,
    });
    const redraw = () => {
      scheduled ||= requestAnimationFrame(() => {
        scheduled = 0;
        setLive(new Map(positions.current));
      });
    };
    const readAgain = reread.request;
    socket.on(FLEET_POSITIONS_EVENT, (batch: FleetPosition[]) => {
      for (const position of batch) positions.current.set(position.driverId, position);
      redraw();
    });
    socket.on(FLEET_CHANGED_EVENT, readAgain);
    socket.on(RIDE_EVENT, readAgain);
    onReadAgain(socket, readAgain);
    socket.on('connect_error', (error) => console.warn('live fleet unavailable', error.message));
    return () => {
      cancelAnimationFrame(scheduled);
      reread.cancel();
      socket.disconnect();
    };
  }, [enabled, client]);

  // a driver keeps the same object while neither the snapshot nor its live position changed, so the map's and
  // the list's memoised rows redraw only the drivers that moved (500 drivers, a batch every second)
  // (a cache, so rendering twice gives the same objects)
  const [merged] = useState(() => new WeakMap<FleetPosition, { base: LiveDriver; value: LiveDriver }>());
  const drivers = useMemo(
    () =>
      (query.data?.drivers ?? []).map((driver) => {
        const moved = live.get(driver.id);
        if (!moved || (driver.at && moved.at <= driver.at)) return driver;
        const known = merged.get(moved);
        if (known?.base === driver) return known.value;
        const value = { ...driver, lat: moved.lat, lng: moved.lng, at: moved.at };
        merged.set(moved, { base: driver, value });
        return value;
      }),
    [query.data, live, merged],
  );

  return { query, drivers, rides: query.data?.rides ?? [], staleAfterSeconds: query.data?.staleAfterSeconds ?? 120 };
}

/** A driver's position is stale when online (or on a ride) and older than the limit, or missing. */
export function isStale(driver: LiveDriver, now: number, staleAfterSeconds: number): boolean {
  if (driver.state === 'offline') return false;
  return !driver.at || now - Date.parse(driver.at) > staleAfterSeconds * 1000;
}
