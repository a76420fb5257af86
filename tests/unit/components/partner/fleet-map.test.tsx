/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { FleetMapScreen } from '@/components/partner/fleet-map/fleet-map-screen';
import { STALE_COLOR } from '@/components/partner/fleet-map/fleet-colors';
import { fillJsdomGaps } from '../../jsdom-gaps';

/*
 * Issue 31's fleet map, with no map tiles (the sketch stands in): a driver
 * whose last fix is older than the limit the fleet answer gives is flagged
 * stale in the list and ringed on the sketch; a pickup chosen on the map
 * opens its ride in the detail panel, whose Accept assigns it there.
 */

jest.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, io: { on: () => undefined }, disconnect: () => undefined }) }));

const NOW = Date.now();
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const PICKUP = { lat: 13.0878, lng: 80.2785, name: 'Chennai Central' };

let staleAfterSeconds: number;
let requests: { path: string; method: string; body?: unknown }[];

const fleet = () => ({
  drivers: [
    { id: 1, name: 'Fresh Farook', state: 'free', lat: 13.09, lng: 80.28, at: ago(20), rideId: null, vehicle: 'TN10 F1001 · Honda City' },
    { id: 2, name: 'Quiet Kumar', state: 'free', lat: 13.1, lng: 80.27, at: ago(300), rideId: null, vehicle: 'TN10 Q1002 · Honda City' },
    { id: 3, name: 'Gone Gita', state: 'offline', lat: 13.11, lng: 80.26, at: ago(7200), rideId: null, vehicle: null },
  ],
  rides: [{ id: 5120, status: 'booked', pickup: PICKUP, pickupTime: ago(-3600), needsDriver: false, driverId: null }],
  staleAfterSeconds,
  agency: null,
});

const boardRide = {
  id: 5120,
  status: 'booked',
  pickupTime: ago(-3600),
  paid: false,
  paymentMethod: 'cash',
  currency: 'INR',
  tolls: 0,
  driverId: null,
  vehicleId: null,
};
const assignable = {
  ride: { id: 5120, vehicleType: 'sedan' },
  mode: 'manual',
  drivers: [{ id: 1, name: 'Fresh Farook', vehicleId: 11, availability: 'available', openRideId: null, expired: null, suggestion: null }],
  vehicles: [
    { id: 11, model: 'Honda City', number: 'TN10 F1001', vehicleType: 'sedan', availability: 'available', openRideId: null, expired: null, fit: 'match' },
  ],
};
const settings = { mode: 'manual', offerSeconds: 30, maxOffers: 5, allowUpgrades: false, offerLeadMinutes: 60, bufferMinutes: 30, shareLeadMinutes: 30 };

beforeAll(() => {
  fillJsdomGaps();
});

beforeEach(() => {
  staleAfterSeconds = 120;
  requests = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    requests.push({ path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const data = path.startsWith('/api/partner/fleet/live')
      ? fleet()
      : path.startsWith('/api/partner/dispatch-settings')
        ? settings
        : path.startsWith('/api/partner/rides/assignable')
          ? assignable
          : method === 'POST'
            ? { ...boardRide, status: 'accepted' }
            : { rides: [boardRide], counts: {} };
    return { ok: true, status: 200, statusText: '', json: async () => ({ success: true, data }) } as Response;
  }) as typeof fetch;
});

const showMap = () =>
  render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      {withQueryClient(<FleetMapScreen area="travel" timeZone="Asia/Kolkata" center={PICKUP} />)}
    </NextIntlClientProvider>,
  );

const row = (name: string) => within(screen.getByRole('list', { name: 'Drivers' })).getByRole('button', { name: new RegExp(`^${name}`) });
const marker = (container: HTMLElement, id: number) => container.querySelector(`circle[data-driver="${id}"]`)!;

describe('the fleet map', () => {
  it('flags a driver whose last fix is older than the limit as stale, in the list and on the sketch', async () => {
    const { container } = showMap();
    await screen.findByRole('list', { name: 'Drivers' });
    expect(row('Quiet Kumar')).toHaveTextContent('position 5 min ago · stale');
    expect(row('Fresh Farook')).toHaveTextContent(/position 2\d s ago$/);
    // an offline driver's old position is not news
    expect(row('Gone Gita')).not.toHaveTextContent('stale');
    expect(marker(container, 2)).toHaveAttribute('stroke', STALE_COLOR);
    expect(marker(container, 1)).toHaveAttribute('stroke', '#fff');
    expect(marker(container, 3)).toHaveAttribute('stroke', '#fff');
  });

  it('follows the limit the fleet answer gives', async () => {
    staleAfterSeconds = 600;
    const { container } = showMap();
    await screen.findByRole('list', { name: 'Drivers' });
    expect(row('Quiet Kumar')).toHaveTextContent(/position 5 min ago$/);
    expect(marker(container, 2)).toHaveAttribute('stroke', '#fff');
  });

  it('assigns a pickup chosen on the map from the detail panel', async () => {
    const { container } = showMap();
    await screen.findByRole('list', { name: 'Drivers' });
    expect(screen.getByText('Choose a driver or a pickup on the map or in the list.')).toBeInTheDocument();
    fireEvent.click(container.querySelector('circle[data-ride="5120"]')!);
    const detail = screen.getByRole('heading', { name: 'Ride #5120' }).closest('section')!;
    expect(detail).toHaveTextContent('Chennai Central');
    fireEvent.click(within(detail).getByRole('button', { name: 'Accept' }));

    const dialog = await screen.findByRole('dialog', { name: 'Accept ride #5120' });
    await within(dialog).findByRole('option', { name: 'Fresh Farook' });
    fireEvent.change(within(dialog).getByLabelText('Driver'), { target: { value: '1' } });
    expect(within(dialog).getByLabelText('Vehicle')).toHaveValue('11');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByText('Ride #5120 updated.')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { path: '/api/partner/rides/5120', method: 'POST', body: { action: 'accept', driverId: 1, vehicleId: 11 } },
    ]);
  });
});
