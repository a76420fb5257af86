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
 * Visitor tracking (docs/requirements/rider.md#visitor-tracking): /visit.js records the page the browser
 * loaded; in-app navigations (the client router changes the path without a
 * load) are recorded here through the same script. On app pages the script is
 * added once the page is interactive (a first paint does not need it; it
 * sends when the browser is idle anyway); the static documents load it with
 * their HTML.
 */
export function VisitBeacon() {
  const pathname = usePathname();
  const loaded = useRef(false);
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      if (!document.querySelector('script[src="/visit.js"]')) {
        const script = document.createElement('script');
        script.src = '/visit.js';
        script.async = true;
        document.body.append(script);
      }
      return;
    }
    window.travelsxVisit?.();
  }, [pathname]);
  return null;
}
