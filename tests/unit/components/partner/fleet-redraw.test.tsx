/**
 * @jest-environment jsdom
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { withQueryClient } from '../../query-wrapper';
import { useFleet } from '@/components/partner/fleet-map/use-fleet';
import { FLEET_POSITIONS_EVENT, type FleetPosition } from '@/lib/dispatch/fleet-events';

/*
 * Issue 31's map at 500 drivers: positions arrive in batches about once a second, and each batch redraws the
 * map's dots and the list's rows. A driver who did not move in a batch must keep the same object, so their
 * memoised dot and row are not drawn again: only the drivers of the batch are.
 */

const handlers = new Map<string, (payload: unknown) => void>();
jest.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    io: { on: () => undefined },
    disconnect: () => undefined,
  }),
}));

const T0 = Date.now() - 60_000;
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const driver = (id: number) => ({ id, name: `Driver ${id}`, state: 'free', lat: 13, lng: 80, at: at(0), rideId: null, vehicle: null });

beforeEach(() => {
  handlers.clear();
  const data = { drivers: [1, 2, 3].map(driver), rides: [], staleAfterSeconds: 120, agency: null };
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, statusText: '', json: async () => ({ success: true, data }) }) as Response) as typeof fetch;
});

const batch = async (positions: FleetPosition[]) => {
  await act(async () => {
    handlers.get(FLEET_POSITIONS_EVENT)!(positions);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
};

describe('live positions on the fleet map', () => {
  it('gives a driver a new object only in the batches that move them', async () => {
    const { result } = renderHook(() => useFleet(), { wrapper: ({ children }) => withQueryClient(children) });
    await waitFor(() => expect(result.current.drivers).toHaveLength(3));

    await batch([{ driverId: 1, lat: 13.01, lng: 80.01, at: at(5) }]);
    const [first, second, third] = result.current.drivers;
    expect(first).toMatchObject({ lat: 13.01, lng: 80.01, at: at(5) });

    await batch([{ driverId: 2, lat: 13.02, lng: 80.02, at: at(10) }]);
    const [firstAgain, secondMoved, thirdAgain] = result.current.drivers;
    expect(secondMoved).not.toBe(second);
    expect(secondMoved).toMatchObject({ lat: 13.02, at: at(10) });
    // driver 1 moved in the batch before, not in this one; driver 3 never moved
    expect(firstAgain).toBe(first);
    expect(thirdAgain).toBe(third);

    await batch([{ driverId: 1, lat: 13.03, lng: 80.03, at: at(15) }]);
    expect(result.current.drivers[0]).not.toBe(first);
    expect(result.current.drivers[0]).toMatchObject({ lat: 13.03, at: at(15) });
    expect(result.current.drivers[1]).toBe(secondMoved);
  });
});
