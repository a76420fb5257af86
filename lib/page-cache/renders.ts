/**
 * Renders in flight in Next, as the front door sees them. A render that began before a change may finish
 * after Next's cache was told to drop the page, and Next then keeps that old render as fresh; a refresh
 * waits for such renders and tells Next once more.
 */
type RenderState = { inFlight: Set<Promise<void>> };

const holder = globalThis as typeof globalThis & { __travelsxRenders?: RenderState };
const state: RenderState = (holder.__travelsxRenders ??= { inFlight: new Set() });

/** Marks a request to Next as begun; call the returned function once its answer has ended. */
export function renderBegun(): () => void {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  state.inFlight.add(done);
  return () => {
    state.inFlight.delete(done);
    end();
  };
}

/** Resolves once every render in flight now has ended, or after `limitMs` (a stuck stream does not hold a refresh). */
export function rendersBegunBefore(limitMs: number): Promise<void> {
  const pending = [...state.inFlight];
  if (!pending.length) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
    timer.unref();
  });
  return Promise.race([Promise.all(pending).then(() => undefined), limit]).finally(() => clearTimeout(timer));
}
