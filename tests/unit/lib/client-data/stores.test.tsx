/**
 * @jest-environment jsdom
 */
import { QueryObserver } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { useSessionStore } from '@/components/auth/session-store';
import { useBookingStore, type RideFormData } from '@/components/booking/booking-store';
import { ApiRequestError } from '@/components/data/fetch-data';
import { makeQueryClient } from '@/components/data/query-client';
import { putDriver } from '@/components/partner/fleet/queries';

beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
});

describe('booking store', () => {
  it("keeps the booking in the tab's sessionStorage under the booking pages' keys, the confirmation wrapped as {value}", () => {
    expect(useBookingStore.getState().ready).toBe(true);
    const form = { tripKind: 'local', rideType: 'oneway' } as unknown as RideFormData;
    useBookingStore.getState().saveForm(form);
    expect(JSON.parse(sessionStorage.getItem('ride_form')!)).toEqual(form);
    useBookingStore.getState().confirm({ rideId: 5, cashbackAmount: 120, currency: 'INR' });
    expect(JSON.parse(sessionStorage.getItem('ride_confirmed')!)).toEqual({ value: { rideId: 5, cashbackAmount: 120, currency: 'INR' } });
    // A failed booking is null in the page and not stored (as before: a reload shows the empty state too).
    useBookingStore.getState().confirm(null);
    expect(useBookingStore.getState().confirmation).toBeNull();
    expect(sessionStorage.getItem('ride_confirmed')).toBeNull();
    useBookingStore.getState().saveForm(form);
    expect(sessionStorage.getItem('ride_confirmed')).toBeNull();
    expect(useBookingStore.getState().confirmation).toBeUndefined();
  });

  it('reads a stored booking back (a reload)', async () => {
    sessionStorage.setItem('ride_confirmed', JSON.stringify({ value: { rideId: 9, cashbackAmount: 0, currency: 'INR' } }));
    await useBookingStore.persist.rehydrate();
    expect(useBookingStore.getState().confirmation).toEqual({ rideId: 9, cashbackAmount: 0, currency: 'INR' });
  });
});

describe('query client', () => {
  it('reloads the session when a read answers 401, so the sign-in gate shows', async () => {
    const refresh = jest.fn(async () => undefined);
    useSessionStore.setState({ refresh });
    const client = makeQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.rider.wallet(),
      queryFn: () => Promise.reject(new ApiRequestError({ code: 'unauthorized', message: 'Sign in', status: 401 })),
    });
    const stop = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('puts a changed driver into the cached list and recounts online and offline', () => {
    const client = makeQueryClient();
    const driver = (id: number, online: boolean) => ({ id, online, name: `D${id}` }) as never;
    client.setQueryData(queryKeys.partner.fleet.drivers(), { counters: { total: 2, online: 0, offline: 2 }, drivers: [driver(1, false), driver(2, false)] });
    putDriver(client, 2, driver(2, true));
    expect(client.getQueryData(queryKeys.partner.fleet.drivers())).toMatchObject({ counters: { total: 2, online: 1, offline: 1 } });
    putDriver(client, 1, null);
    expect(client.getQueryData(queryKeys.partner.fleet.drivers())).toMatchObject({ counters: { total: 1, online: 1, offline: 0 }, drivers: [{ id: 2 }] });
  });
});
