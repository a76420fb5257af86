import { coalesce } from '@/components/ui/coalesce';

/*
 * Live screens read their lists again after ride events: a burst of events must become few reads, the first
 * at once, the last after the burst, never two at once (docs/architecture/events.md#live-screens-under-load).
 */

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('coalesce', () => {
  it('runs at once after a quiet spell, then at most once per gap, and once after the last request', async () => {
    const run = jest.fn();
    const reads = coalesce(run, { firstMs: 0, gapMs: 1000 });
    reads.request();
    expect(run).toHaveBeenCalledTimes(1);
    // 50 events over 2.5 s
    for (let i = 0; i < 50; i++) {
      await jest.advanceTimersByTimeAsync(50);
      reads.request();
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(run.mock.calls.length).toBeLessThanOrEqual(4);
    await jest.advanceTimersByTimeAsync(1000);
    const after = run.mock.calls.length;
    // the burst's last request was followed by a run; nothing more runs without requests
    await jest.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(after);
    expect(after).toBeLessThanOrEqual(5);
  });

  it('waits firstMs before the first run, and never starts a run while one is going', async () => {
    let finish: () => void = () => undefined;
    let running = 0;
    let most = 0;
    const run = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          running++;
          most = Math.max(most, running);
          finish = () => {
            running--;
            resolve();
          };
        }),
    );
    const reads = coalesce(run, { firstMs: 400, gapMs: 100 });
    reads.request();
    await jest.advanceTimersByTimeAsync(399);
    expect(run).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    // requests during a slow run queue one run after it, not a second one beside it
    reads.request();
    reads.request();
    await jest.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(400);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    expect(most).toBe(1);
  });

  it('runs nothing after cancel', async () => {
    const run = jest.fn();
    const reads = coalesce(run, { firstMs: 100, gapMs: 100 });
    reads.request();
    reads.cancel();
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
