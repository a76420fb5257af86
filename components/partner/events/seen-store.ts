'use client';

import { create } from 'zustand';

const PREFIX = 'console-events-seen:';

/** Where a console user's last look at the ride events bell is kept (localStorage, one key per user). */
export const seenKey = (userId: number) => `${PREFIX}${userId}`;

type SeenStore = {
  /** By storage key: the stored last look (ISO time), null when none; absent until `load` read it. */
  seen: Record<string, string | null>;
  load: (key: string) => void;
  markSeen: (key: string, at: string) => void;
};

/**
 * The ride events bell's last look per console user (docs/requirements/partner.md#ride-events), in localStorage so it
 * survives a reload; another tab's look arrives by the `storage` event.
 */
export const useSeenStore = create<SeenStore>()((set) => ({
  seen: {},
  load: (key) => set((s) => ({ seen: { ...s.seen, [key]: localStorage.getItem(key) } })),
  markSeen: (key, at) => {
    localStorage.setItem(key, at);
    set((s) => ({ seen: { ...s.seen, [key]: at } }));
  },
}));

if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(PREFIX)) useSeenStore.getState().load(event.key);
  });
