'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';

declare global {
  interface Window {
    /** Defined by /visit.js: records one page view when the browser is idle. */
    travelsxVisit?: () => void;
  }
}

/**
 * Visitor tracking (spec 000 §3): /visit.js records the page the browser
 * loaded; in-app navigations (the client router changes the path without a
 * load) are recorded here through the same script.
 */
export function VisitBeacon() {
  const pathname = usePathname();
  const loaded = useRef(false);
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    window.travelsxVisit?.();
  }, [pathname]);
  return <script src="/visit.js" async />;
}
