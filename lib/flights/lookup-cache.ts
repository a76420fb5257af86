import 'server-only';
import { LRUCache } from 'lru-cache';
import type { FlightQuery, FlightReport, FlightStatusProvider } from './provider';

/**
 * Booking-time lookups are cached per provider, flight and date for ten
 * minutes: a rider retyping a number, or many riders on one flight, cost one
 * paid query. The poller asks the provider itself (it wants fresh news).
 */
const answers = new LRUCache<string, FlightReport[]>({ max: 2_000, ttl: 10 * 60_000 });

export function cachedProvider(provider: FlightStatusProvider, scope: string): FlightStatusProvider {
  return {
    name: provider.name,
    async lookup(query: FlightQuery) {
      const key = `${provider.name}|${scope}|${query.flight}|${query.date}`;
      const held = answers.get(key);
      if (held) return held;
      const reports = await provider.lookup(query);
      answers.set(key, reports);
      return reports;
    },
  };
}
