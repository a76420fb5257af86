'use client';

import { createContext, useContext, type ReactNode } from 'react';

const StyleUrl = createContext<string | null>(null);

/** Hands the open map's style URL (MAP_STYLE_URL, read on the server) to the maps below. */
export function OpenMapStyle({ url, children }: { url: string | null; children: ReactNode }) {
  return <StyleUrl.Provider value={url}>{children}</StyleUrl.Provider>;
}

/** The open map's style URL, or null for the sketch only. */
export const useOpenMapStyle = () => useContext(StyleUrl);
