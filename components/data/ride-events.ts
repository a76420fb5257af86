'use client';

import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { PartnerRides } from '@/components/partner/rides/types';
import type { RideChangedEvent } from '@/lib/realtime/events';
import type { RideLists } from '@/components/rider/api';
import { queryKeys } from '@/lib/query-keys';
import { useRideEvents } from '@/components/ui/use-ride-events';
import { coalesce } from '@/components/ui/coalesce';

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

/** The board's cached pages with ride `rideId` (its number) in its new status. */
export function restatus(board: InfiniteData<PartnerRides>, rideId: number, status: string): InfiniteData<PartnerRides> {
  if (!Array.isArray(board.pages) || !board.pages.some((page) => page.rides?.some((r) => r.id === rideId))) return board;
  const pages = board.pages.map((page) => ({
    ...page,
    rides: page.rides.map((r) =>
      r.id === rideId ? { ...r, status: status as typeof r.status, needsDriverSoon: status === 'booked' && r.needsDriverSoon } : r,
    ),
  }));
  return { ...board, pages };
}

/**
 * A ride changed (socket.io `rideChanged`): the rider's list shows the new
 * status at once, and every ride list (rider, console, driver) is read again
 * for what the event does not carry (driver, new rides, counts): at once
 * for the first change after a quiet second, then at most once a second.
 */
export function applyRideEvent(client: QueryClient, event: RideChangedEvent): void {
  client.setQueryData<RideLists>(queryKeys.rider.rides(), (lists) => (lists ? moveRide(lists, event.id, event.to) : lists));
  // The console's board shows the new status at once; the read below brings drivers, counts and new bookings.
  client.setQueriesData<InfiniteData<PartnerRides>>({ queryKey: [...queryKeys.partner.rides.all, 'list'] }, (board) =>
    board ? restatus(board, event.id, event.to) : board,
  );
  refreshSoon(client);
}

/** A busy operator's rides change many times a second: the lists are read at once after a quiet spell, then at most once a second. */
const LIST_READ_GAP_MS = 1000;
const refreshers = new WeakMap<QueryClient, ReturnType<typeof coalesce>>();

function refreshSoon(client: QueryClient): void {
  let refresher = refreshers.get(client);
  if (!refresher) {
    refresher = coalesce(() => refreshRideLists(client), { firstMs: 0, gapMs: LIST_READ_GAP_MS });
    refreshers.set(client, refresher);
  }
  refresher.request();
}

/** Every ride list read again (after the socket came back: events sent meanwhile were missed). */
export function refreshRideLists(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.rider.rides() }),
    client.invalidateQueries({ queryKey: queryKeys.partner.rides.all }),
    client.invalidateQueries({ queryKey: queryKeys.driver.rides.all }),
  ]);
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
    () => void refreshRideLists(client),
  );
}
