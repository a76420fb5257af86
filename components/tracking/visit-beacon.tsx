'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';

const SESSION_KEY = 'visit_session_id';
const LANDING_KEY = 'visit_landing_url';
const REFERRER_KEY = 'visit_referrer';
const AD_PARAMS = ['fbclid', 'utm_source', 'utm_medium', 'utm_campaign'] as const;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sends without holding the page: sendBeacon, else a keepalive fetch; failures are only logged. */
function send(path: string, body: unknown): void {
  const json = JSON.stringify(body);
  if (navigator.sendBeacon?.(path, new Blob([json], { type: 'application/json' }))) return;
  void fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json, keepalive: true, credentials: 'same-origin' }).catch((error: unknown) =>
    console.warn('visit not recorded', error),
  );
}

/** The session's id and landing page, kept in sessionStorage (a new tab is a new session). */
function visitSession(): { sessionId: string; landingUrl: string; referrer: string; isFirst: boolean } {
  let sessionId = sessionStorage.getItem(SESSION_KEY);
  const isFirst = !sessionId;
  if (!sessionId) {
    sessionId = randomId();
    sessionStorage.setItem(SESSION_KEY, sessionId);
    sessionStorage.setItem(LANDING_KEY, window.location.href);
    sessionStorage.setItem(REFERRER_KEY, document.referrer);
  }
  return { sessionId, landingUrl: sessionStorage.getItem(LANDING_KEY) ?? window.location.href, referrer: sessionStorage.getItem(REFERRER_KEY) ?? '', isFirst };
}

function report(): void {
  try {
    const { sessionId, landingUrl, referrer, isFirst } = visitSession();
    send('/api/tracking/visit', { session_id: sessionId, page_url: window.location.href, landing_url: landingUrl, referrer, user_agent: navigator.userAgent });
    const params = new URL(landingUrl).searchParams;
    const adMetrics = Object.fromEntries(AD_PARAMS.map((name) => [name, params.get(name) ?? undefined]));
    if (isFirst && AD_PARAMS.some((name) => params.get(name))) send('/api/tracking/ad-metrics', { ad_metrics: adMetrics, create_ux_time: Math.floor(Date.now() / 1000) });
  } catch (error) {
    console.warn('visit not recorded', error);
  }
}

/** One visitor tracking record per page view (spec 000 §3), sent when the browser is idle so the page never waits. */
export function VisitBeacon() {
  const pathname = usePathname();
  useEffect(() => {
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(report, { timeout: 3000 }) : window.setTimeout(report, 1);
    return () => (idle ? window.cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [pathname]);
  return null;
}
