import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the flight-status providers, answering in their
 * documented formats: AeroDataBox (GET /flights/Number/{number}/{dateLocal}:
 * a JSON array, 204 when it knows no flight) and FlightAware AeroAPI v4
 * (GET /flights/{ident}?start&end: {flights: [...]}). Tests script it with
 * POST /_flights (a flight) and POST /_mode (answer normally, garbage,
 * never, or refuse the key). Run directly, it listens on FLIGHT_STAND_IN_PORT.
 */

export type StandInFlight = {
  number: string;
  origin: string;
  destination: string;
  /** Instants (ISO). */
  scheduledDeparture: string;
  scheduledArrival: string;
  estimatedArrival?: string;
  actualArrival?: string;
  state?: 'scheduled' | 'enroute' | 'landed' | 'cancelled' | 'diverted';
  divertedTo?: string;
  /** The airport's UTC offset in minutes, for AeroDataBox's local times (330 for India). */
  offsetMinutes?: number;
};

export type StandInMode = 'normal' | 'garbage' | 'hang' | 'refuse' | 'error';

type State = { flights: StandInFlight[]; mode: StandInMode; requests: string[] };

const AERODATABOX_STATUS = { scheduled: 'Expected', enroute: 'EnRoute', landed: 'Arrived', cancelled: 'Canceled', diverted: 'Diverted' } as const;

const adbTime = (iso: string | undefined, offsetMinutes: number) => {
  if (!iso) return undefined;
  const at = new Date(iso);
  const utc = `${at.toISOString().slice(0, 16).replace('T', ' ')}Z`;
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return { utc, local: `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}` };
};

function aeroDataBoxFlight(f: StandInFlight) {
  const offset = f.offsetMinutes ?? 330;
  const state = f.state ?? 'scheduled';
  const revised = f.actualArrival ?? f.estimatedArrival;
  return {
    greatCircleDistance: { meter: 1_760_000, km: 1760, mile: 1093, nm: 950, feet: 5_774_278 },
    departure: { airport: { iata: f.origin, icao: null, name: f.origin }, scheduledTime: adbTime(f.scheduledDeparture, offset), quality: ['Basic'] },
    arrival: {
      airport: { iata: f.destination, icao: null, name: f.destination },
      scheduledTime: adbTime(f.scheduledArrival, offset),
      ...(revised ? { revisedTime: adbTime(revised, offset) } : {}),
      ...(f.actualArrival ? { runwayTime: adbTime(f.actualArrival, offset) } : {}),
      quality: ['Basic', 'Live'],
    },
    lastUpdatedUtc: new Date().toISOString(),
    number: `${f.number.slice(0, 2)} ${f.number.slice(2)}`,
    status: AERODATABOX_STATUS[state],
    codeshareStatus: 'IsOperator',
    isCargo: false,
    airline: { name: 'Airline', iata: f.number.slice(0, 2) },
  };
}

function flightAwareFlight(f: StandInFlight) {
  const state = f.state ?? 'scheduled';
  return {
    ident: f.number,
    ident_iata: f.number,
    fa_flight_id: `${f.number}-${Date.parse(f.scheduledDeparture)}`,
    status: { scheduled: 'Scheduled', enroute: 'En Route', landed: 'Landed', cancelled: 'Cancelled', diverted: 'Diverted' }[state],
    cancelled: state === 'cancelled',
    diverted: state === 'diverted',
    origin: { code: f.origin, code_iata: f.origin },
    destination: {
      code: state === 'diverted' ? (f.divertedTo ?? f.destination) : f.destination,
      code_iata: state === 'diverted' ? (f.divertedTo ?? f.destination) : f.destination,
    },
    scheduled_out: f.scheduledDeparture,
    scheduled_on: f.scheduledArrival,
    estimated_on: f.actualArrival ? null : (f.estimatedArrival ?? f.scheduledArrival),
    actual_on: f.actualArrival ?? null,
    actual_off: state === 'enroute' || state === 'landed' ? f.scheduledDeparture : null,
  };
}

const localDay = (iso: string, offsetMinutes: number) => new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 10);

function handle(state: State, req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const json = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (req.method === 'POST' && url.pathname === '/_flights') {
    const flight = JSON.parse(body) as StandInFlight;
    state.flights = state.flights.filter((f) => !(f.number === flight.number && f.scheduledDeparture === flight.scheduledDeparture));
    state.flights.push(flight);
    return json(200, { ok: true });
  }
  if (req.method === 'POST' && url.pathname === '/_mode') {
    state.mode = (JSON.parse(body) as { mode: StandInMode }).mode;
    return json(200, { ok: true });
  }
  if (req.method === 'POST' && url.pathname === '/_reset') {
    Object.assign(state, { flights: [], mode: 'normal', requests: [] });
    return json(200, { ok: true });
  }
  if (url.pathname === '/_requests') return json(200, state.requests);
  state.requests.push(`${req.method} ${url.pathname}${url.search}`);
  if (state.mode === 'hang') return;
  if (state.mode === 'refuse') return json(401, { message: 'Invalid API key' });
  if (state.mode === 'error') return json(503, { message: 'Service Unavailable' });
  if (state.mode === 'garbage') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end('{"flights": [{"ident": 42, "status": ');
  }
  const adb = /^\/flights\/Number\/([^/]+)\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname);
  if (adb) {
    if (!req.headers['x-rapidapi-key']) return json(401, { message: 'Missing key' });
    const number = decodeURIComponent(adb[1]).replace(/\s+/g, '').toUpperCase();
    const found = state.flights.filter(
      (f) =>
        f.number === number &&
        (localDay(f.scheduledDeparture, f.offsetMinutes ?? 330) === adb[2] || localDay(f.scheduledArrival, f.offsetMinutes ?? 330) === adb[2]),
    );
    if (!found.length) {
      res.writeHead(204);
      return void res.end();
    }
    return json(200, found.map(aeroDataBoxFlight));
  }
  const fa = /^\/flights\/([^/]+)$/.exec(url.pathname);
  if (fa) {
    if (!req.headers['x-apikey']) return json(401, { title: 'Unauthorized' });
    const number = decodeURIComponent(fa[1]).toUpperCase();
    const start = Date.parse(url.searchParams.get('start') ?? '');
    const end = Date.parse(url.searchParams.get('end') ?? '');
    const found = state.flights.filter((f) => f.number === number && Date.parse(f.scheduledDeparture) >= start && Date.parse(f.scheduledDeparture) < end);
    return json(200, { links: null, num_pages: 1, flights: found.map(flightAwareFlight) });
  }
  json(404, { message: 'Not found' });
}

/** Starts the stand-in on a port (0: any free one); answers its base URL and a close function. */
export async function startFlightStandIn(port = 0): Promise<{ url: string; state: State; close: () => Promise<void> }> {
  const state: State = { flights: [], mode: 'normal', requests: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handle(state, req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && /flight-status-stand-in/.test(process.argv[1])) {
  const port = Number(process.env.FLIGHT_STAND_IN_PORT ?? 2540);
  void startFlightStandIn(port).then(({ url }) => console.log(`flight-status stand-in on ${url}`));
}
