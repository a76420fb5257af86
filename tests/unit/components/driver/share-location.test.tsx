/**
 * @jest-environment jsdom
 */
import { act, renderHook } from '@testing-library/react';
import { retryDelayMs, useShareLocation } from '@/components/driver/use-share-location';

/*
 * The driver app keeps sharing after the phone loses its fix: a failure other
 * than a refused permission (a tunnel, a time-out, the position source
 * changing) may end the browser's watch, so the watch is started again, at
 * once and then with a growing pause; each new fix is sent over the socket.
 */

const emitted: unknown[] = [];
jest.mock('socket.io-client', () => ({
  io: () => ({
    on: () => undefined,
    emit: (_event: string, point: unknown, ack: (a: unknown) => void) => {
      emitted.push(point);
      ack({ ok: true });
    },
    disconnect: () => undefined,
  }),
}));

type Watch = { id: number; success: PositionCallback; failure: PositionErrorCallback; cleared: boolean };
const watches: Watch[] = [];
const geolocation = {
  watchPosition: (success: PositionCallback, failure: PositionErrorCallback) => {
    watches.push({ id: watches.length + 1, success, failure: failure!, cleared: false });
    return watches.length;
  },
  clearWatch: (id: number) => {
    watches[id - 1].cleared = true;
  },
};
const fix = (lat: number, lng: number) => ({ coords: { latitude: lat, longitude: lng }, timestamp: Date.now() }) as GeolocationPosition;
const error = (code: number) => ({ code, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;
const live = () => watches.filter((w) => !w.cleared);

beforeAll(() => {
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
beforeEach(() => {
  jest.useFakeTimers();
  watches.length = 0;
  emitted.length = 0;
});
afterEach(() => jest.useRealTimers());

describe('sharing the driver position', () => {
  it('starts the watch again after a lost fix and sends the next position', () => {
    const { result } = renderHook(() => useShareLocation(true));
    act(() => watches[0].success(fix(13.0604, 80.2496)));
    expect(result.current.status).toBe('sharing');
    act(() => watches[0].failure(error(2)));
    expect(result.current.status).toBe('unavailable');
    expect(watches[0].cleared).toBe(true);
    act(() => jest.advanceTimersByTime(0));
    expect(live()).toHaveLength(1);
    act(() => live()[0].success(fix(13.0607, 80.2498)));
    expect(result.current.status).toBe('sharing');
    expect(emitted).toEqual([expect.objectContaining({ lat: 13.0604 }), expect.objectContaining({ lat: 13.0607 })]);
  });

  it('waits longer after each failure in a row, at most 30 s, and from the start again after a fix', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    renderHook(() => useShareLocation(true));
    act(() => watches[0].failure(error(3)));
    act(() => jest.advanceTimersByTime(0));
    act(() => watches[1].failure(error(3)));
    act(() => jest.advanceTimersByTime(999));
    expect(live()).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    expect(live()).toHaveLength(1);
    act(() => watches[2].success(fix(13.06, 80.25)));
    act(() => watches[2].failure(error(3)));
    act(() => jest.advanceTimersByTime(0));
    expect(live()).toHaveLength(1);
  });

  it('stops on a refused permission and says so, and stops the watch when sharing ends', () => {
    const { result, rerender } = renderHook(({ active }) => useShareLocation(active), { initialProps: { active: true } });
    act(() => watches[0].failure(error(1)));
    act(() => jest.advanceTimersByTime(60_000));
    expect(result.current.status).toBe('denied');
    expect(watches).toHaveLength(1);
    rerender({ active: false });
    expect(watches[0].cleared).toBe(true);
    expect(result.current.status).toBe('off');
  });
});
