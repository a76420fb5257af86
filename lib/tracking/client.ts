import type { CLIENT_EVENTS } from './events';

/** Reports an analytics event (spec names) to /api/events; failures are only logged. */
export function reportEvent(name: (typeof CLIENT_EVENTS)[number], data?: Record<string, string | number | boolean | null>): void {
  void fetch('/api/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, data }), keepalive: true }).catch(
    (error: unknown) => console.warn('analytics event not sent', error),
  );
}
