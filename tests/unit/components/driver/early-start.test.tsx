/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { withQueryClient } from '../../query-wrapper';
import { DriverRideCard } from '@/components/driver/driver-ride-card';
import type { DriverRide } from '@/lib/driver/rides';

/*
 * Issue 37 minor: a ride started 30 hours before its pickup (or completed
 * before it) is a likely mistake. The driver app warns in the step that
 * confirms, and nothing is sent until the driver confirms; on trip, the
 * directions lead to the drop-off, not back to the pickup.
 */

const HOUR = 3600_000;
const PICKUP = { lat: 13.0878, lng: 80.2785, name: 'Chennai Central' };
const DROPOFF = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };

const rideAt = (hoursAhead: number, over: Partial<DriverRide> = {}): DriverRide => ({
  id: 4102,
  status: 'accepted',
  rideType: 'oneway',
  tripKind: 'outstation',
  vehicleType: 'sedan',
  nonAc: false,
  pickup: PICKUP,
  dropoff: DROPOFF,
  pickupTime: new Date(Date.now() + hoursAhead * HOUR).toISOString(),
  returnTime: null,
  customerName: 'Asha',
  customerPhone: '+919845100001',
  paymentMethod: 'cash',
  totalAmount: 452000,
  walletApplied: 0,
  currency: 'INR',
  startCodeLocked: false,
  travellerName: 'Asha',
  language: 'en',
  airport: null,
  startedAt: null,
  driverArrivedAt: null,
  setOffAt: null,
  ...over,
});

let posts: { path: string; body: { action: string } }[];

beforeAll(() => {
  AbortSignal.timeout ??= () => new AbortController().signal;
});

beforeEach(() => {
  posts = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    posts.push({ path: String(input), body });
    const status = body.action === 'start' ? 'ontrip' : 'completed';
    const data = { ...rideAt(30), status, startedAt: new Date().toISOString() };
    return { ok: true, status: 200, statusText: '', json: async () => ({ success: true, data }) } as Response;
  }) as typeof fetch;
});

/** The card as the home list holds it: an answered action replaces the ride. */
function Card({ first }: { first: DriverRide }) {
  const [ride, setRide] = useState(first);
  const [notice, setNotice] = useState('');
  return (
    <>
      <p role="status">{notice}</p>
      <DriverRideCard
        ride={ride}
        timeZone="Asia/Kolkata"
        onChanged={(changed, text) => {
          setRide(changed);
          setNotice(text);
        }}
      />
    </>
  );
}

const show = (ride: DriverRide) =>
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Kolkata">
      {withQueryClient(<Card first={ride} />)}
    </NextIntlClientProvider>,
  );

const card = () => screen.getByRole('article', { name: 'Ride #4102' });
const EARLY_START = /^The pickup is .+, more than an hour from now\. Start the trip only if the passenger is on board\.$/;
const EARLY_COMPLETE = /^The pickup is .+, still ahead\. Complete the ride only if the trip really took place\.$/;

describe('starting or completing a ride long before its pickup, in the driver app', () => {
  it('warns when starting 30 hours early and starts only once the driver confirms with the code', async () => {
    show(rideAt(30));
    expect(within(card()).getByRole('link', { name: 'Directions to the pickup' })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${PICKUP.lat},${PICKUP.lng}`,
    );
    fireEvent.click(within(card()).getByRole('button', { name: 'Start' }));
    expect(within(card()).getByText(EARLY_START)).toBeInTheDocument();
    // the warning describes the confirming button, and nothing has been sent yet
    expect(within(card()).getByRole('button', { name: 'Start the trip' })).toHaveAccessibleDescription(EARLY_START);
    expect(posts).toHaveLength(0);

    fireEvent.change(within(card()).getByLabelText("Rider's start code"), { target: { value: '4821' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Start the trip' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ride #4102 has started. Drive safely.'));
    expect(posts).toEqual([{ path: '/api/driver/rides/4102', body: { action: 'start', startCode: '4821' } }]);
  });

  it('leads to the drop-off on trip, and warns before completing ahead of the pickup until the driver confirms', async () => {
    show(rideAt(30, { status: 'ontrip', startedAt: new Date().toISOString() }));
    expect(within(card()).getByRole('link', { name: 'Directions to the drop-off' })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${DROPOFF.lat},${DROPOFF.lng}`,
    );
    expect(within(card()).queryByRole('link', { name: 'Directions to the pickup' })).toBeNull();
    fireEvent.click(within(card()).getByRole('button', { name: 'Complete' }));
    expect(within(card()).getByText(EARLY_COMPLETE)).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    fireEvent.click(within(card()).getByRole('button', { name: 'Complete the ride' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ride #4102 is completed.'));
    expect(posts).toEqual([{ path: '/api/driver/rides/4102', body: expect.objectContaining({ action: 'complete', paymentMethod: 'cash' }) }]);
  });

  it('says nothing when starting within the hour before pickup', () => {
    show(rideAt(0.5));
    fireEvent.click(within(card()).getByRole('button', { name: 'Start' }));
    expect(within(card()).getByLabelText("Rider's start code")).toBeInTheDocument();
    expect(within(card()).queryByText(EARLY_START)).toBeNull();
  });
});
