import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { airportByCode } from '@/lib/airports/catalogue';
import { waitingRulesOf } from '@/lib/airports/settings';
import { checkFlight, checkFlightDate, parseFlight } from '@/lib/flights/check';
import { cachedProvider } from '@/lib/flights/lookup-cache';
import { flightProviderFor } from '@/lib/flights/clients';
import { flightCheckQuerySchema } from '@/lib/flights/schemas';
import { clientIp } from '@/lib/http/client-ip';
import { enforceLimits } from '@/lib/limits/requests';

/**
 * The booking form's check of a flight for an airport on a day: the airline,
 * and, where the operator's provider answers, the landing (or departure) and
 * the earliest pickup (landing plus the operator's buffer). A mismatch is a
 * 400 naming flightNumber with the reason; answers are cached ten minutes.
 * The limit (30 an address in 10 minutes) counts well-formed questions to a provider only.
 */
export const GET = endpoint({ auth: 'optional', query: flightCheckQuerySchema }, async ({ db, tenant, req, query }) => {
  const airport = await airportByCode(query.airport);
  if (!airport) throw notFound('airport: No airport with scheduled flights has this code.');
  // the number's shape, its airline and the day first: only a look that may reach the (paid) provider counts against the limit
  parseFlight(query.flight, 'flight');
  checkFlightDate(airport, query.date);
  const provider = await flightProviderFor(db, tenant.id);
  if (provider) await enforceLimits(db, tenant.id, [['flightCheckPerIp', clientIp(req.headers)]]);
  const checked = await checkFlight(provider && cachedProvider(provider, String(tenant.id)), {
    flightNumber: query.flight,
    direction: query.direction,
    airport,
    date: query.date,
  });
  const { landingBufferMinutes } = await waitingRulesOf(db, tenant.id);
  const report = checked.report;
  return {
    success: true,
    data: {
      flight: checked.flight,
      display: checked.display,
      airline: checked.airline.name,
      checked: !checked.unchecked,
      unchecked: checked.unchecked ?? null,
      state: report?.state ?? null,
      landing: checked.landing?.toISOString() ?? null,
      earliestPickup: checked.landing ? new Date(checked.landing.getTime() + landingBufferMinutes * 60_000).toISOString() : null,
      departure: query.direction === 'departure' ? (report?.scheduledDeparture?.toISOString() ?? null) : null,
      bufferMinutes: landingBufferMinutes,
    },
  };
});
