'use client';

import { useEffect, useRef } from 'react';
import { PUSH_MESSAGE, type PushMessage } from './push-client';

/** Calls `onMessage` for each push the service worker relays to this page. */
export function usePushMessages(onMessage: (message: PushMessage) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const listener = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === PUSH_MESSAGE) handler.current(event.data as PushMessage);
    };
    container.addEventListener('message', listener);
    return () => container.removeEventListener('message', listener);
  }, []);
}
