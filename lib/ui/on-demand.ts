import { lazy, type ComponentType } from 'react';
import { create } from 'zustand';
import { loadOnce } from './load-once';

/**
 * A component whose code is fetched on first use (lib/ui/load-once.ts: once, again after a failure), with
 * whether it has arrived. Render `Component` only once `useLoaded()` is true: React.lazy keeps a failed
 * fetch for good and would throw it at the page, while `load` can be called again (a retry, the next touch).
 */
export function onDemand<P>(load: () => Promise<ComponentType<P>>) {
  const useStore = create(() => ({ loaded: false }));
  const fetch = loadOnce(async () => {
    const component = await load();
    useStore.setState({ loaded: true });
    return { default: component };
  });
  return { Component: lazy(fetch), load: fetch, useLoaded: () => useStore((state) => state.loaded) };
}
