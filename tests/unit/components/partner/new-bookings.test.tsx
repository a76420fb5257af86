/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { NewBookings } from '@/components/partner/rides/new-bookings';
import type { RideChangedEvent } from '@/lib/realtime/events';
import { fillJsdomGaps } from '../../jsdom-gaps';

/*
 * The console's new-bookings sheet on a busy day (issue 31's load: 20 bookings a second): each booking used to
 * be read on its own, get a card and a sound, and the sheet grew to hundreds of cards while the board was read
 * again for every event. Now a burst is read together (its newest five), announced once, and counted beyond
 * five with a link to the board; a ride a driver accepted meanwhile leaves the sheet unread.
 */

const handlers = new Map<string, ((payload: unknown) => void)[]>();
jest.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, [...(handlers.get(event) ?? []), handler]),
    io: { on: () => undefined },
    disconnect: () => undefined,
  }),
}));
jest.mock('@/lib/i18n/navigation', () => ({ Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a> }));

const played = jest.fn(async () => undefined);
let reads: number[];

const boardRide = (id: number) => ({
  id,
  status: 'booked',
  pickup: { name: `Pickup ${id}`, lat: 13, lng: 80 },
  dropoff: null,
  rideType: 'local',
  tripKind: 'oneway',
  vehicleType: 'sedan',
  nonAc: false,
  customerName: `Rider ${id}`,
  phone: null,
  pickupTime: new Date(Date.now() + 3600_000).toISOString(),
  totalAmount: 450,
  currency: 'INR',
  startCodeLocked: false,
});

beforeAll(() => fillJsdomGaps());
beforeEach(() => {
  handlers.clear();
  played.mockClear();
  reads = [];
  window.HTMLMediaElement.prototype.play = played;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const id = Number(url.searchParams.get('q'));
    reads.push(id);
    const rides = id === 107 ? [{ ...boardRide(id), status: 'accepted' }] : [boardRide(id)];
    return { ok: true, status: 200, statusText: '', json: async () => ({ success: true, data: { rides, counts: {} } }) } as Response;
  }) as typeof fetch;
});

const booked = (id: number): RideChangedEvent => ({ id, from: null, to: 'booked', status: 'booked', createdAt: new Date().toISOString() });
const send = (event: RideChangedEvent) => act(() => handlers.get('rideChanged')!.forEach((fn) => fn(event)));

it('reads a burst of bookings together: five cards, the rest counted with a link to the board, one sound', async () => {
  render(
    withQueryClient(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Kolkata">
        <NewBookings area="travel" businessName="Meridian Cabs" timeZone="Asia/Kolkata" />
      </NextIntlClientProvider>,
    ),
  );
  // the first booking after a quiet spell shows at once
  send(booked(100));
  const sheet = await screen.findByRole('region', { name: 'New bookings' });
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  expect(played).toHaveBeenCalledTimes(1);

  // eleven more within the second; 105 is accepted by a driver before it is read; 107 is accepted when read
  for (let id = 101; id <= 111; id++) send(booked(id));
  send({ id: 105, from: 'booked', to: 'accepted', status: 'accepted', createdAt: new Date().toISOString() });
  await waitFor(() => expect(screen.getByRole('link', { name: /Open the rides board: \d+ more/ })).toBeInTheDocument(), { timeout: 3000 });

  const cards = screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
  expect(cards).toEqual(['Ride #111', 'Ride #110', 'Ride #109', 'Ride #108', 'Ride #100']);
  // read: 100, then the newest five of the rest (105 left before it was read); never the older ones one by one
  expect(reads).toEqual([100, 111, 110, 109, 108, 107]);
  // counted, not read: 101-104 and 106
  expect(screen.getByRole('link', { name: 'Open the rides board: 5 more' })).toHaveAttribute('href', '/travel/rides');
  expect(played).toHaveBeenCalledTimes(2);

  // a counted booking taken by a driver is no longer counted; a card's ride taken leaves the sheet
  send({ id: 102, from: 'booked', to: 'accepted', status: 'accepted', createdAt: new Date().toISOString() });
  send({ id: 110, from: 'booked', to: 'accepted', status: 'accepted', createdAt: new Date().toISOString() });
  expect(screen.getByRole('link', { name: 'Open the rides board: 4 more' })).toBeInTheDocument();
  expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Ride #111', 'Ride #109', 'Ride #108', 'Ride #100']);
  expect(sheet).toBeInTheDocument();
});
