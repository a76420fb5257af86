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

let browserClient: QueryClient | undefined;

/**
 * The page's one QueryClient in the browser (a new one per call on the server).
 * Providers in the layouts that need react-query and the booking form's lazily
 * loaded place search all share it, so what one user read is dropped once when
 * another (or nobody) is signed in.
 */
export function browserQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  if (!browserClient) {
    const client = makeQueryClient();
    useSessionStore.subscribe((session, previous) => {
      if (session.status === 'ready' && previous.status === 'ready' && session.me?.user_id !== previous.me?.user_id) client.removeQueries();
    });
    browserClient = client;
  }
  return browserClient;
}
