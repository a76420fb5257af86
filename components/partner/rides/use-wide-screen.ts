'use client';

import { useSyncExternalStore } from 'react';

/** Wide enough for the board's table (a desktop or a landscape tablet); phones get cards. */
export const WIDE_QUERY = '(min-width: 900px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const media = window.matchMedia(WIDE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const snapshot = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(WIDE_QUERY).matches : false);

/** True on wide screens; false on the server and on phones (the cards render first, then the table once the browser says it is wide). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
