import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { makeQueryClient } from '@/components/data/query-client';

/** A fresh QueryClient (the app's settings) around a rendered screen, as the locale layout provides one. */
export function withQueryClient(children: ReactNode, client: QueryClient = makeQueryClient()) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
