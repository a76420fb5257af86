'use client';

import { useEffect } from 'react';
import { create } from 'zustand';

/** Wide enough for the board's table (a desktop or a landscape tablet); phones get cards. */
export const WIDE_QUERY = '(min-width: 900px)';

type WideScreenState = { wide: boolean };

/**
 * The console's screen width as UI state: false until a board mounts (the server renders the cards and the
 * first client render must match it), then what the browser's media query says, following every change.
 */
export const useWideScreenStore = create<WideScreenState>(() => ({ wide: false }));

let watchers = 0;
let media: MediaQueryList | undefined;
const update = () => useWideScreenStore.setState({ wide: Boolean(media?.matches) });

/** Starts following the media query for one more board; the returned function stops it when the last one goes. */
function watch(): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  if (watchers++ === 0) {
    media = window.matchMedia(WIDE_QUERY);
    media.addEventListener('change', update);
  }
  update();
  return () => {
    if (--watchers === 0) media?.removeEventListener('change', update);
  };
}

/** True on wide screens; false on the server and on phones (the cards render first, then the table once the browser says it is wide). */
export function useWideScreen(): boolean {
  useEffect(watch, []);
  return useWideScreenStore((state) => state.wide);
}
