/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { RideForm } from '@/components/booking/ride-form';
import { pickupAfterLanding } from '@/components/booking/ride-flight';
import { emptyRideForm } from '@/components/booking/ride-prefill';

/*
 * The booking form's parts wired together (docs/requirements/rider.md#booking-by-form): the trip kind switch fills the
 * operator's airport in and swaps the drop-off for a package on a rental; a checked landing moves the pickup after it.
 */

jest.mock('@/lib/i18n/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }));
jest.mock('@/components/auth/session-store', () => ({ useSession: () => ({ me: null, status: 'ready' }) }));
jest.mock('@/components/booking/place-search', () => ({ findPlaces: async () => [], placeAt: async () => undefined }));

const AIRPORT = { code: 'MAA', name: 'Chennai International Airport (MAA)', lat: 12.9941, lng: 80.1709 };

function renderForm() {
  return render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      <RideForm timeZone="Asia/Kolkata" defaultCountry="IN" packages={[{ code: 'P4', hours: 4, km: 40 }]} airport={AIRPORT} onContinue={() => undefined} />
    </NextIntlClientProvider>,
  );
}

const place = (name: string) => screen.getByRole('combobox', { name });

describe('the booking form parts', () => {
  it('an airport trip starts at the operator airport; a departure moves it to the drop-off', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Airport' }));
    expect(place('Pickup location')).toHaveValue(AIRPORT.name);
    expect(place('Drop-off location')).toHaveValue('');
    // the flight fields arrive with the first airport trip (components/booking/lazy-ride-flight.tsx)
    fireEvent.click(await screen.findByRole('radio', { name: en.Booking.departure }));
    expect(place('Pickup location')).toHaveValue('');
    expect(place('Drop-off location')).toHaveValue(AIRPORT.name);
  });

  it('a rental is one way with a package in place of the drop-off, whose error shows once the rider leaves it', () => {
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Return' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Rental' }));
    expect(screen.queryByRole('group', { name: 'Ride type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Drop-off location' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Return date')).not.toBeInTheDocument();
    const pkg = screen.getByLabelText('Rental package');
    expect(
      within(pkg)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a package', '4 hours · 40 km']);
    expect(screen.getByTestId('continue-needs')).toHaveTextContent('Choose a rental package');
    fireEvent.blur(pkg);
    expect(screen.getByText('Choose a rental package', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByTestId('continue-needs')).not.toHaveTextContent('Choose a rental package');
  });
});

describe('a checked landing', () => {
  const landing = new Date('2031-03-10T13:07:00+05:30');
  it('moves an earlier or "now" pickup to the first quarter hour after it, and keeps a later one', () => {
    const form = { ...emptyRideForm(), tripKind: 'airport' as const, pickupDate: '2031-03-10', pickupTime: '12:00' };
    expect(pickupAfterLanding(form, landing, 'Asia/Kolkata')).toMatchObject({ pickupDate: '2031-03-10', pickupTime: '13:15' });
    expect(pickupAfterLanding({ ...form, pickupTime: 'now' }, landing, 'Asia/Kolkata')).toMatchObject({ pickupTime: '13:15' });
    const later = { ...form, pickupTime: '15:00' };
    expect(pickupAfterLanding(later, landing, 'Asia/Kolkata')).toBe(later);
  });
});
