'use client';

import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

/**
 * One query parameter of the page's address, read in the browser only: undefined in the server's HTML and while
 * hydrating (a page is the same for every query), then the value, or null without it. A console screen opened by a
 * link (`/travel/map?agency=3`, `/travel/rides?q=42`) starts from it.
 */
export function useSearchParam(name: string): string | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => new URLSearchParams(window.location.search).get(name),
    () => undefined,
  );
}
