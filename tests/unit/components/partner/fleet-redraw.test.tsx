/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { useFleet, type LiveDriver } from '@/components/partner/fleet-map/use-fleet';
import { FleetSketch } from '@/components/partner/fleet-map/fleet-sketch';
import { FleetList } from '@/components/partner/fleet-map/fleet-list';
import { FLEET_CHANGED_EVENT, FLEET_POSITIONS_EVENT, type FleetPosition } from '@/lib/dispatch/fleet-events';

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

describe('state changes under load', () => {
  it('reads the fleet again every couple of seconds while changes keep coming, not only after they stop', async () => {
    const { result } = renderHook(() => useFleet(), { wrapper: ({ children }) => withQueryClient(children) });
    await waitFor(() => expect(result.current.drivers).toHaveLength(3));
    const reads = () => (global.fetch as jest.Mock).mock.calls.length;
    const before = reads();
    // 20 bookings a second: a change every 100 ms for 3 s (a debounce of 400 ms never fired and the states went 30 s old)
    for (let i = 0; i < 30; i++) {
      act(() => handlers.get(FLEET_CHANGED_EVENT)!({}));
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    }
    expect(reads() - before).toBeGreaterThanOrEqual(2);
    expect(reads() - before).toBeLessThanOrEqual(3);
  });
});

describe('the sketch while drivers move', () => {
  const placed = (id: number, lat: number, lng: number): LiveDriver => ({ ...driver(id), state: 'free', lat, lng });
  const draw = (drivers: LiveDriver[]) => (
    <FleetSketch
      drivers={drivers}
      rides={[]}
      now={Date.now()}
      staleAfterSeconds={120}
      selected={null}
      center={{ lat: 13.05, lng: 80.25 }}
      label="Fleet"
      note=""
      onDriver={() => undefined}
      onRide={() => undefined}
    />
  );
  const dots = (container: HTMLElement): Record<string, [string | null, string | null]> =>
    Object.fromEntries(
      [...container.querySelectorAll('circle[data-driver]')].map((c) => [c.getAttribute('data-driver'), [c.getAttribute('cx'), c.getAttribute('cy')]]),
    );

  it("keeps its frame while the drivers move inside it, so only the moved driver's dot changes", () => {
    const fleet = [placed(1, 13.0, 80.2), placed(2, 13.05, 80.25), placed(3, 13.1, 80.3)];
    const { container, rerender } = render(draw(fleet));
    const first = dots(container);
    // the northernmost driver moves 300 m further north: still inside the frame
    rerender(draw([fleet[0], fleet[1], placed(3, 13.103, 80.302)]));
    const moved = dots(container);
    expect(moved['1']).toEqual(first['1']);
    expect(moved['2']).toEqual(first['2']);
    expect(moved['3']).not.toEqual(first['3']);
  });

  it('draws a new frame when a driver leaves it, with every dot inside the picture', () => {
    const fleet = [placed(1, 13.0, 80.2), placed(2, 13.05, 80.25), placed(3, 13.1, 80.3)];
    const { container, rerender } = render(draw(fleet));
    rerender(draw([fleet[0], fleet[1], placed(3, 13.4, 80.6)]));
    for (const [x, y] of Object.values(dots(container))) {
      expect(Number(x)).toBeGreaterThanOrEqual(0);
      expect(Number(x)).toBeLessThanOrEqual(640);
      expect(Number(y)).toBeGreaterThanOrEqual(0);
      expect(Number(y)).toBeLessThanOrEqual(400);
    }
  });
});

describe('the driver list while states change', () => {
  const named = (id: number, name: string, state: LiveDriver['state']): LiveDriver => ({ ...driver(id), name, state });
  const draw = (drivers: LiveDriver[]) => (
    <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Kolkata">
      <FleetList drivers={drivers} now={Date.now()} staleAfterSeconds={120} selected={null} onSelect={() => undefined} />
    </NextIntlClientProvider>
  );

  it('moves only the driver whose state changed, under its new state', () => {
    const names = ['Anand', 'Bala', 'Chitra', 'Deepa', 'Ezhil', 'Farook', 'Gita', 'Hari'];
    const fleet = names.map((name, i) => named(i + 1, name, 'free'));
    const { container, rerender } = render(draw(fleet));
    const watch = new MutationObserver(() => undefined);
    watch.observe(container, { childList: true, subtree: true });
    // Gita gets an offer: the fleet comes sorted by state, then name
    rerender(draw([named(7, 'Gita', 'offered'), ...fleet.filter((d) => d.id !== 7)]));
    // the rows put into the document by this change (a row moved within a list is removed and added again)
    const moved = watch
      .takeRecords()
      .flatMap((r) => [...r.addedNodes])
      .flatMap((n) => (n instanceof Element ? [...n.querySelectorAll('[data-driver-row]')] : []))
      .map((row) => row.getAttribute('data-driver-row'));
    watch.disconnect();
    expect(moved).toEqual(['7']);
    expect(screen.getByRole('list', { name: 'Offered a ride: 1' })).toHaveTextContent('Gita');
    expect(within(screen.getByRole('list', { name: 'Free: 7' })).getAllByRole('button')).toHaveLength(7);
    expect(within(screen.getByRole('list', { name: 'Drivers' })).getAllByRole('button')).toHaveLength(8);
  });
});
