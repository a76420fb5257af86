import { aeroDataBox } from '@/lib/flights/aerodatabox';
import { flightAware } from '@/lib/flights/flightaware';
import { FlightProviderError, type FlightStatusProvider } from '@/lib/flights/provider';
import { startFlightStandIn, type StandInFlight } from '../../../e2e/support/flight-status-stand-in';

/*
 * The two flight-status clients against a local server answering in each
 * provider's documented format: a delay, a landing, a diversion, a
 * cancellation, an unknown flight, a refused key, garbage and no answer.
 */

let standIn: Awaited<ReturnType<typeof startFlightStandIn>>;
const post = (path: string, body: unknown) => fetch(`${standIn.url}${path}`, { method: 'POST', body: JSON.stringify(body) });

const AI302: StandInFlight = {
  number: 'AI302',
  origin: 'DEL',
  destination: 'MAA',
  scheduledDeparture: '2031-03-10T01:50:00Z',
  scheduledArrival: '2031-03-10T04:30:00Z',
};

beforeAll(async () => {
  standIn = await startFlightStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => post('/_reset', {}));

const clients: [string, () => FlightStatusProvider][] = [
  ['AeroDataBox', () => aeroDataBox({ apiKey: 'adb-key-0001', baseUrl: standIn.url, timeoutMs: 4_000 })],
  ['FlightAware AeroAPI', () => flightAware({ apiKey: 'fa-key-0001', baseUrl: standIn.url, timeoutMs: 4_000 })],
];

describe.each(clients)('%s client', (_name, client) => {
  const lookup = () => client().lookup({ flight: 'AI302', date: '2031-03-10' });

  it('reads the schedule and a 50-minute delay', async () => {
    await post('/_flights', { ...AI302, state: 'enroute', estimatedArrival: '2031-03-10T05:20:00Z' });
    const [report] = await lookup();
    expect(report).toMatchObject({ origin: 'DEL', destination: 'MAA', state: 'enroute', actualArrival: undefined });
    expect(report.scheduledArrival).toEqual(new Date('2031-03-10T04:30:00Z'));
    expect(report.estimatedArrival).toEqual(new Date('2031-03-10T05:20:00Z'));
  });

  it('reads a landing', async () => {
    await post('/_flights', { ...AI302, state: 'landed', actualArrival: '2031-03-10T04:22:00Z' });
    const [report] = await lookup();
    expect(report.state).toBe('landed');
    expect(report.actualArrival).toEqual(new Date('2031-03-10T04:22:00Z'));
  });

  it('reads a diversion and a cancellation', async () => {
    await post('/_flights', { ...AI302, state: 'diverted', divertedTo: 'BLR' });
    const [diverted] = await lookup();
    expect(diverted.state).toBe('diverted');
    // AeroAPI names the airport a diverted flight went to; AeroDataBox's status says only that it was diverted
    expect(diverted.divertedTo).toBe(client().name === 'flightaware' ? 'BLR' : undefined);
    await post('/_flights', { ...AI302, state: 'cancelled' });
    expect((await lookup())[0].state).toBe('cancelled');
  });

  it('answers no flight for an unknown number or day', async () => {
    await post('/_flights', AI302);
    expect(await client().lookup({ flight: 'AI999', date: '2031-03-10' })).toEqual([]);
  });

  it.each([
    ['refuse', 'refused'],
    ['garbage', 'garbage'],
    ['hang', 'timeout'],
    ['error', 'http'],
  ])('names the failure when the provider is in %s mode', async (mode, failure) => {
    await post('/_mode', { mode });
    const error = await lookup().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlightProviderError);
    expect((error as FlightProviderError).failure).toBe(failure);
  });

  it('names an unreachable provider', async () => {
    const gone = (client().name === 'aerodatabox' ? aeroDataBox : flightAware)({ apiKey: 'k-00000000', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 });
    const error = await gone.lookup({ flight: 'AI302', date: '2031-03-10' }).catch((e: unknown) => e);
    expect((error as FlightProviderError).failure).toBe('unreachable');
  });
});
