/**
 * Turns a burst of requests into few runs of `run`: the first request runs it
 * after `firstMs` (at once, in the same call, when 0), later ones at most once
 * every `gapMs`, never two runs at once (a request during a run queues one
 * more after it), and the last request of a burst is always followed by a run.
 * For reads triggered by live events: 20 bookings a second must not become 20
 * reads of the same list a second (docs/architecture/events.md#live-screens-under-load).
 */
export function coalesce(run: () => unknown, { firstMs, gapMs }: { firstMs: number; gapMs: number }) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let last = -Infinity;
  const fire = async () => {
    timer = undefined;
    running = true;
    last = Date.now();
    try {
      await run();
    } catch (error) {
      console.warn('a live refresh failed', error instanceof Error ? error.message : error);
    } finally {
      running = false;
      if (again) {
        again = false;
        request();
      }
    }
  };
  const request = () => {
    if (timer !== undefined) return;
    if (running) {
      again = true;
      return;
    }
    const wait = Math.max(firstMs, last + gapMs - Date.now());
    if (wait <= 0) void fire();
    else timer = setTimeout(() => void fire(), wait);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    again = false;
  };
  return { request, cancel };
}
