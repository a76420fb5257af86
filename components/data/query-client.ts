import { QueryCache, QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/components/auth/session-store';
import { isUnauthorized } from './fetch-data';

/**
 * The browser's QueryClient. Like the hand-made hooks it replaces, a read is
 * not retried and not refetched on focus (the screens offer Retry and Refresh,
 * and socket events keep them live); a 401 reloads the session so the sign-in
 * gate of the screen shows.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) void useSessionStore.getState().refresh();
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
