import type { ReactNode } from 'react';
import { QueryProvider } from './query-provider';

/** The layout of a folder whose pages read server data with react-query (the root layout has no provider: see QueryProvider). */
export default function QueryLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
