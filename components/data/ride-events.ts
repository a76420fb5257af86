'use client';

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RideChangedEvent } from '@/lib/realtime/events';
import type { RideLists } from '@/components/rider/api';
import { queryKeys } from '@/lib/query-keys';
import { useRideEvents } from '@/components/ui/use-ride-events';

type RideView = RideLists['upcoming'][number];

const OPEN = new Set(['booked', 'accepted', 'ontrip']);
const byPickupAsc = (a: RideView, b: RideView) => a.pickupTime.localeCompare(b.pickupTime);
const byPickupDesc = (a: RideView, b: RideView) => b.pickupTime.localeCompare(a.pickupTime);

/** The rider's lists with the ride in its new status and tab (upcoming soonest first, past newest first), as the server sorts them. */
export function moveRide(lists: RideLists, rideId: number, status: string): RideLists {
  const ride = [...lists.upcoming, ...lists.past].find((r) => r.id === rideId);
  if (!ride) return lists;
  const moved = { ...ride, status: status as RideView['status'], startCode: status === 'booked' || status === 'accepted' ? ride.startCode : null };
  const upcoming = lists.upcoming.filter((r) => r.id !== rideId);
  const past = lists.past.filter((r) => r.id !== rideId);
  return OPEN.has(status) ? { upcoming: [...upcoming, moved].sort(byPickupAsc), past } : { upcoming, past: [moved, ...past].sort(byPickupDesc) };
}

/**
 * A ride changed (socket.io `rideChanged`): the rider's list shows the new
 * status at once, and every ride list (rider, console, driver) is read again
 * for what the event does not carry (driver, new rides, counts).
 */
export function applyRideEvent(client: QueryClient, event: RideChangedEvent): void {
  client.setQueryData<RideLists>(queryKeys.rider.rides(), (lists) => (lists ? moveRide(lists, event.id, event.to) : lists));
  refreshRideLists(client);
}

/** Every ride list read again (after the socket came back: events sent meanwhile were missed). */
export function refreshRideLists(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.rider.rides() });
  void client.invalidateQueries({ queryKey: queryKeys.partner.rides.all });
  void client.invalidateQueries({ queryKey: queryKeys.driver.rides.all });
}

/** Keeps the cached ride lists live while the calling screen is mounted (one socket per screen, as before). */
export function useLiveRides(onEvent?: (event: RideChangedEvent) => void): void {
  const client = useQueryClient();
  useRideEvents(
    (event) => {
      applyRideEvent(client, event);
      onEvent?.(event);
    },
    true,
    () => refreshRideLists(client),
  );
}
