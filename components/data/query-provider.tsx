'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSessionStore } from '@/components/auth/session-store';
import { makeQueryClient } from './query-client';

/** The page's one QueryClient; what one user read is dropped when another (or nobody) is signed in. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  useEffect(
    () =>
      useSessionStore.subscribe((session, previous) => {
        if (session.status === 'ready' && previous.status === 'ready' && session.me?.user_id !== previous.me?.user_id) client.removeQueries();
      }),
    [client],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
