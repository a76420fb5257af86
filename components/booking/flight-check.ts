import { api, typedCall, within, type ApiDataOf, type ApiFailure } from '@/lib/api/typed-client';
import { browserQueryClient } from '@/components/data/query-client';
import { ApiRequestError } from '@/components/data/fetch-data';
import { queryKeys } from '@/lib/query-keys';

export type FlightCheck = ApiDataOf<typeof api.flights.check.$get>;
export type FlightCheckResult = { ok: true; data: FlightCheck } | { ok: false; error: ApiFailure };

type Query = { flight: string; airport: string; date: string; direction: 'arrival' | 'departure' };

/**
 * GET /api/flights/check through the page's QueryClient (a number checked
 * once per airport, date and direction). Loaded when a flight is first
 * checked, so the booking form's first load carries none of it.
 */
export async function checkFlightFor(query: Query): Promise<FlightCheckResult> {
  try {
    const data = await browserQueryClient().fetchQuery({
      queryKey: queryKeys.flights.check(query.flight, query.airport, query.date, query.direction),
      queryFn: async () => {
        const result = await typedCall(api.flights.check.$get({ query }, within()));
        if (!result.ok) throw new ApiRequestError(result.error);
        return result.data.data;
      },
      staleTime: 5 * 60_000,
    });
    return { ok: true, data };
  } catch (error) {
    return { ok: false, error: error instanceof ApiRequestError ? error.failure : { code: 'network', message: 'network', status: 0 } };
  }
}
