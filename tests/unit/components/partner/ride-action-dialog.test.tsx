/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { RideActionDialog } from '@/components/partner/rides/ride-action-dialog';
import type { ActionKind, PartnerRide } from '@/components/partner/rides/types';
import { fillJsdomGaps } from '../../jsdom-gaps';

/*
 * The console's ride dialog. Issue 37 minor: starting 30 hours before the
 * pickup, or completing before it, warns and sends nothing until the
 * operator confirms. Issue 31, assisted dispatch: the Accept dialog suggests
 * the best driver first, with why, and comes with them and their car chosen.
 */

const HOUR = 3600_000;

/** The fields of a board ride the dialog reads. */
const boardRide = (hoursAhead: number, over: Partial<PartnerRide> = {}) =>
  ({
    id: 5120,
    status: 'accepted',
    pickupTime: new Date(Date.now() + hoursAhead * HOUR).toISOString(),
    paid: false,
    paymentMethod: 'cash',
    currency: 'INR',
    tolls: 0,
    startCodeLocked: false,
    bookedForCustomer: false,
    driverId: 7,
    vehicleId: 9,
    vehicleUpgrade: false,
    ...over,
  }) as PartnerRide;

type Reply = { status: number; body: unknown };
let requests: { path: string; method: string; body?: unknown }[];
let assignable: unknown;

beforeAll(() => {
  fillJsdomGaps();
});

beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    requests.push({ path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const { status, body }: Reply = path.startsWith('/api/partner/rides/assignable')
      ? { status: 200, body: { success: true, data: assignable } }
      : { status: 200, body: { success: true, data: { id: 5120 } } };
    return { ok: status < 400, status, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
});

function open(ride: PartnerRide, kind: ActionKind) {
  const onDone = jest.fn();
  render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      {withQueryClient(<RideActionDialog ride={ride} kind={kind} timeZone="Asia/Kolkata" onDone={onDone} onClose={() => undefined} />)}
    </NextIntlClientProvider>,
  );
  return onDone;
}

const posts = () => requests.filter((r) => r.method === 'POST');

describe('starting or completing early in the console', () => {
  it('warns when starting 30 hours before the pickup and starts only on the confirm button', async () => {
    const onDone = open(boardRide(30), 'start');
    const dialog = screen.getByRole('dialog', { name: 'Start ride #5120' });
    expect(within(dialog).getByText(/^The pickup is .+, more than an hour from now\. Start the trip only if the passenger is on board\.$/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Start code'), { target: { value: '4821' } });
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the trip' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()).toEqual([{ path: '/api/partner/rides/5120', method: 'POST', body: { action: 'start', startCode: '4821' } }]);
  });

  it('warns when completing before the pickup, and not when starting within the hour', async () => {
    const onDone = open(boardRide(30, { status: 'ontrip' }), 'complete');
    const dialog = screen.getByRole('dialog', { name: 'Complete ride #5120' });
    expect(within(dialog).getByText(/^The pickup is .+, still ahead\. Complete the ride only if the trip really took place\.$/)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete the ride' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()).toEqual([{ path: '/api/partner/rides/5120', method: 'POST', body: { action: 'complete', paymentMethod: 'cash' } }]);
  });

  it('says nothing when starting within the hour before pickup', () => {
    open(boardRide(0.5), 'start');
    expect(screen.getByRole('dialog', { name: 'Start ride #5120' })).not.toHaveTextContent('The pickup is');
  });
});

const driver = (id: number, name: string, availability: string, suggestion: unknown = null, openRideId: number | null = null) => ({
  id,
  name,
  vehicleId: id + 100,
  availability,
  openRideId,
  expired: null,
  suggestion,
});
const vehicle = (id: number, number: string) => ({
  id,
  model: 'Honda City',
  number,
  vehicleType: 'sedan',
  availability: 'available',
  openRideId: null,
  expired: null,
  fit: 'match',
});

describe('assisted dispatch in the Accept dialog', () => {
  const options = (mode: string) => ({
    ride: { id: 5120, vehicleType: 'sedan' },
    mode,
    // the server's order: available drivers first, the suggested best first (lib/rides/availability)
    drivers:
      mode === 'manual'
        ? [driver(1, 'Near Nila', 'available'), driver(2, 'Far Faisal', 'available')]
        : [
            driver(1, 'Near Nila', 'available', { roadKm: 2.4, idleMinutes: 35, acceptance: 0.9, score: 1 }),
            driver(2, 'Far Faisal', 'available', { roadKm: 11, idleMinutes: 5, acceptance: 1, score: 10 }),
            driver(3, 'Busy Bala', 'busy', null, 5007),
          ],
    vehicles: [vehicle(101, 'TN10 N1001'), vehicle(102, 'TN10 F1002')],
  });

  it('suggests the best driver first, with why, and comes with them and their car chosen', async () => {
    assignable = options('assisted');
    const onDone = open(boardRide(3, { status: 'booked', driverId: null, vehicleId: null }), 'accept');
    const dialog = screen.getByRole('dialog', { name: 'Accept ride #5120' });
    expect(await within(dialog).findByText('Suggested: Near Nila, 2.4 km to the pickup, idle 35 min, accepts 90% of offers.')).toBeInTheDocument();
    const drivers = within(dialog).getByLabelText('Driver');
    expect(drivers).toHaveDisplayValue('Near Nila — 2.4 km to the pickup, idle 35 min, accepts 90% of offers');
    expect(
      within(drivers)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose…',
      'Near Nila — 2.4 km to the pickup, idle 35 min, accepts 90% of offers',
      'Far Faisal — 11 km to the pickup, idle 5 min, accepts 100% of offers',
      'Busy Bala (busy on ride #5007)',
    ]);
    expect(within(dialog).getByLabelText('Vehicle')).toHaveValue('101');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()).toEqual([{ path: '/api/partner/rides/5120', method: 'POST', body: { action: 'accept', driverId: 1, vehicleId: 101 } }]);
  });

  it('suggests nothing and chooses nothing in manual mode', async () => {
    assignable = options('manual');
    open(boardRide(3, { status: 'booked', driverId: null, vehicleId: null }), 'accept');
    const dialog = screen.getByRole('dialog', { name: 'Accept ride #5120' });
    await within(dialog).findByRole('option', { name: 'Near Nila' });
    expect(dialog).not.toHaveTextContent('Suggested:');
    expect(within(dialog).getByLabelText('Driver')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
  });
});
