'use client';

import { useCallback, useEffect, useState } from 'react';
import { apiCall } from '@/lib/api/client';
import { refreshMe } from '@/components/auth/session-store';

export type ApiData<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/** Loads `{ data }` from a GET route of this site; a 401 reloads the session so the sign-in gate shows. */
export function useApiData<T>(path: string) {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void apiCall<{ data: T }>(path).then((result) => {
      if (!live) return;
      setState(result.ok ? { status: 'ready', data: result.data.data } : { status: 'error' });
      if (!result.ok && result.error.status === 401) void refreshMe();
    });
    return () => {
      live = false;
    };
  }, [path, attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** Fetches again without the loading state (live updates). */
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);

  const update = useCallback((change: (data: T) => T) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current));
  }, []);

  return { state, reload, refresh, update };
}
