import { useSyncExternalStore } from 'react';
import { isPushSupported, PUSH_STORAGE, registerServiceWorker } from './push-client';

/** 'pending' until hydrated; the banner shows for 'default' and 'denied' (spec 000 §4). */
export type BannerState = 'pending' | 'unsupported' | 'granted' | 'closed' | 'default' | 'denied';

const listeners = new Set<() => void>();
/** Closed for the rest of this page load; a later visit shows the banner again while permission is not granted. */
let closed = false;

const notify = () => listeners.forEach((listener) => listener());

function snapshot(): BannerState {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'granted') return 'granted';
  return closed ? 'closed' : Notification.permission;
}

export function useBannerState(): BannerState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    () => 'pending',
  );
}

export function closeBanner(): void {
  localStorage.setItem(PUSH_STORAGE.dismissed, 'true');
  closed = true;
  notify();
}

/**
 * Enable (spec 000 §4): undecided permission asks the browser (granted:
 * notif-granted; denied: notif-dismissed); blocked only logs a warning.
 * A granted state makes the banner subscribe and listen.
 */
export async function enableNotifications(): Promise<void> {
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
      closeBanner();
      return;
    }
  }
  notify();
}
