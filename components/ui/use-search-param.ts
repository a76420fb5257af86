'use client';

import { useHydrationStore } from './hydration-store';

/**
 * One query parameter of the page's address, read in the browser only: undefined in the server's HTML and while
 * hydrating (a page is the same for every query), then the value, or null without it. A console screen opened by a
 * link (`/travel/map?agency=3`, `/travel/rides?q=42`) starts from it.
 */
export function useSearchParam(name: string): string | null | undefined {
  const hydrated = useHydrationStore((s) => s.hydrated);
  return hydrated ? new URLSearchParams(window.location.search).get(name) : undefined;
}
