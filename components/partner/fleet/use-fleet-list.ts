'use client';

import { useCallback, useEffect, useState } from 'react';
import { apiCall } from '@/lib/api/client';
import { refreshMe } from '@/components/auth/session-store';
import { useFleetState, type FleetTopic } from './fleet-store';

export type FleetList<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * Loads `{ data }` from a fleet GET route and reloads it, keeping what is shown,
 * whenever the topic changes anywhere in the console; a 401 reloads the session
 * so the console gate sends the user to the login.
 */
export function useFleetList<T>(path: string, topic: FleetTopic) {
  const version = useFleetState((s) => s.versions[topic]);
  const [state, setState] = useState<FleetList<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void apiCall<{ data: T }>(path).then((result) => {
      if (!live) return;
      if (result.ok) return setState({ status: 'ready', data: result.data.data });
      console.warn('fleet list error', result.error.message);
      setState((current) => (current.status === 'ready' ? current : { status: 'error' }));
      if (result.error.status === 401) void refreshMe();
    });
    return () => {
      live = false;
    };
  }, [path, version, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current));
  }, []);

  return { state, retry, update };
}
