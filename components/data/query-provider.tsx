'use client';

import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { browserQueryClient } from './query-client';

/**
 * Gives the screens under it the page's one QueryClient. It sits in the layouts
 * (and the console frame) whose pages read server data with react-query, not in
 * the root layout: the landing, the booking form and the console login load no
 * react-query on first paint (issue 17, first-load JavaScript <= 150 kB).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(browserQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
