'use client';

import { create } from 'zustand';
import { isPushSupported, PUSH_STORAGE, registerServiceWorker } from './push-client';

/** 'pending' until hydrated; the banner shows for 'default' and 'denied' (docs/requirements/rider.md#notifications). */
export type BannerState = 'pending' | 'unsupported' | 'granted' | 'closed' | 'default' | 'denied';

type BannerStore = {
  state: BannerState;
  /** Closed for the rest of this page load; a later visit shows the banner again while permission is not granted. */
  closed: boolean;
  /** Reads the browser's permission again (after hydration and after asking). */
  sync: () => void;
  close: () => void;
  /**
   * Enable (docs/requirements/rider.md#notifications): undecided permission asks the browser (granted:
   * notif-granted; denied: notif-dismissed); blocked only logs a warning.
   * A granted state makes the banner subscribe and listen.
   */
  enable: () => Promise<void>;
};

function read(closed: boolean): BannerState {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'granted') return 'granted';
  return closed ? 'closed' : Notification.permission;
}

export const useBannerStore = create<BannerStore>()((set, get) => ({
  state: 'pending',
  closed: false,
  sync: () => set({ state: read(get().closed) }),
  close: () => {
    localStorage.setItem(PUSH_STORAGE.dismissed, 'true');
    set({ closed: true, state: read(true) });
  },
  enable: async () => {
    if (!isPushSupported()) {
      console.warn('This browser does not support notifications');
      return;
    }
    if (Notification.permission === 'denied') {
      console.warn('Notification permission is denied for this site');
      return;
    }
    void registerServiceWorker();
    if (Notification.permission === 'default') {
      const answer = await Notification.requestPermission();
      if (answer === 'granted') localStorage.setItem(PUSH_STORAGE.granted, 'true');
      if (answer === 'denied') {
        console.warn('Notification permission denied');
        get().close();
        return;
      }
    }
    get().sync();
  },
}));
