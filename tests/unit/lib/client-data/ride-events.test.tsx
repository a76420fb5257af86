/**
 * @jest-environment jsdom
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import type { RiderRide, RideView } from '@/lib/rides/queries';
import type { RideChangedEvent } from '@/lib/realtime/events';
import { queryKeys } from '@/lib/query-keys';
import { makeQueryClient } from '@/components/data/query-client';
import { applyRideEvent, moveRide, useLiveRides } from '@/components/data/ride-events';

type Handler = (...args: unknown[]) => void;
const sockets: { handlers: Map<string, Handler[]>; managerHandlers: Map<string, Handler[]>; disconnected: boolean }[] = [];

jest.mock('socket.io-client', () => ({
  io: () => {
    const entry = { handlers: new Map<string, Handler[]>(), managerHandlers: new Map<string, Handler[]>(), disconnected: false };
    sockets.push(entry);
    // the Manager: 'reconnect' fires there once the connection is back
    const manager = {
      on: (event: string, fn: Handler) => {
        entry.managerHandlers.set(event, [...(entry.managerHandlers.get(event) ?? []), fn]);
        return manager;
      },
    };
    const socket = {
      io: manager,
      on: (event: string, fn: Handler) => {
        entry.handlers.set(event, [...(entry.handlers.get(event) ?? []), fn]);
        return socket;
      },
      disconnect: () => {
        entry.disconnected = true;
      },
    };
    return socket;
  },
}));

const ride = (id: number, status: RideView['status'], pickupTime: string): RiderRide =>
  ({ id, status, pickupTime, startCode: status === 'booked' || status === 'accepted' ? '1234' : null, airport: null }) as RiderRide;

const event = (id: number, from: string, to: string): RideChangedEvent => ({ id, from, to, status: to, createdAt: new Date().toISOString() });

const lists = () => ({
  upcoming: [ride(1, 'booked', '2026-01-01T08:00:00Z'), ride(2, 'accepted', '2026-01-02T08:00:00Z')],
  past: [ride(3, 'completed', '2025-12-20T08:00:00Z')],
});

describe('a ride event in the cache', () => {
  it('moves the ride to its new status and tab, sorted as the server sorts them', () => {
    const started = moveRide(lists(), 1, 'ontrip');
    expect(started.upcoming.map((r) => [r.id, r.status, r.startCode])).toEqual([
      [1, 'ontrip', null],
      [2, 'accepted', '1234'],
    ]);
    const done = moveRide(lists(), 2, 'completed');
    expect(done.upcoming.map((r) => r.id)).toEqual([1]);
    expect(done.past.map((r) => [r.id, r.status])).toEqual([
      [2, 'completed'],
      [3, 'completed'],
    ]);
    expect(moveRide(lists(), 99, 'cancelled')).toEqual(lists());
  });

  it("updates the rider's cached list at once and reads every ride list again", async () => {
    const client = makeQueryClient();
    client.setQueryData(queryKeys.rider.rides(), lists());
    const partnerFetch = jest.fn(async () => ({ pages: [{ rides: [ride(1, 'booked', '2026-01-01T08:00:00Z')], counts: {} }], pageParams: [''] }));
    const observer = new QueryObserver(client, { queryKey: queryKeys.partner.rides.list({ status: 'all' }), queryFn: partnerFetch });
    const stop = observer.subscribe(() => undefined);
    await waitFor(() => expect(partnerFetch).toHaveBeenCalledTimes(1));
    client.setQueryData(queryKeys.driver.rides.list('recent'), []);

    applyRideEvent(client, event(1, 'booked', 'cancelled'));

    const rider = client.getQueryData<ReturnType<typeof lists>>(queryKeys.rider.rides())!;
    expect(rider.upcoming.map((r) => r.id)).toEqual([2]);
    expect(rider.past.map((r) => [r.id, r.status])).toEqual([
      [1, 'cancelled'],
      [3, 'completed'],
    ]);
    expect(client.getQueryState(queryKeys.rider.rides())?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.driver.rides.list('recent'))?.isInvalidated).toBe(true);
    // The console's board shows the new status at once, and its mounted pages are read again.
    const board = client.getQueryData<{ pages: { rides: { id: number; status: string }[] }[] }>(queryKeys.partner.rides.list({ status: 'all' }))!;
    expect(board.pages[0].rides.map((r) => [r.id, r.status])).toEqual([[1, 'cancelled']]);
    await waitFor(() => expect(partnerFetch).toHaveBeenCalledTimes(2));
    stop();
  });

  it('reads the board once for a burst of changes, not once per change, and once more after the burst', async () => {
    const client = makeQueryClient();
    const partnerFetch = jest.fn(async () => ({ pages: [{ rides: [ride(1, 'booked', '2026-01-01T08:00:00Z')], counts: {} }], pageParams: [''] }));
    const observer = new QueryObserver(client, { queryKey: queryKeys.partner.rides.list({ status: 'all' }), queryFn: partnerFetch });
    const stop = observer.subscribe(() => undefined);
    await waitFor(() => expect(partnerFetch).toHaveBeenCalledTimes(1));

    // a busy operator: 30 rides change within a moment (each used to cancel the board's read and start another)
    for (let id = 100; id < 130; id++) applyRideEvent(client, event(id, 'booked', 'accepted'));
    expect(partnerFetch).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(partnerFetch).toHaveBeenCalledTimes(3), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(partnerFetch).toHaveBeenCalledTimes(3);
    stop();
  });

  it("arrives over socket.io while a screen listens, and the listener's socket closes with it", async () => {
    const client = makeQueryClient();
    client.setQueryData(queryKeys.rider.rides(), lists());
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const seen: RideChangedEvent[] = [];
    const { unmount } = renderHook(() => useLiveRides((e) => seen.push(e)), { wrapper });
    const socket = sockets.at(-1)!;

    act(() => socket.handlers.get('rideChanged')!.forEach((fn) => fn(event(2, 'accepted', 'ontrip'))));

    expect(client.getQueryData<ReturnType<typeof lists>>(queryKeys.rider.rides())!.upcoming.find((r) => r.id === 2)?.status).toBe('ontrip');
    expect(seen.map((e) => e.id)).toEqual([2]);
    // after a reconnect every ride list is read again (events sent meanwhile were missed)
    client.setQueryData(queryKeys.driver.rides.list('recent'), []);
    act(() => socket.managerHandlers.get('reconnect')!.forEach((fn) => fn()));
    expect(client.getQueryState(queryKeys.driver.rides.list('recent'))?.isInvalidated).toBe(true);
    unmount();
    expect(socket.disconnected).toBe(true);
  });
});
