/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { BookForCustomer } from '@/components/partner/rides/book-for-customer';
import { withQueryClient } from '../../query-wrapper';

/*
 * The console books for a customer by phone (docs/requirements/partner.md): Book stays off until a
 * vehicle is chosen and the name and phone pass the shared checks; a wrong value is marked as typed.
 */

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));
const trip = { tripKind: 'local', rideType: 'oneway', pickupLocation: { name: 'A' }, dropoffLocation: { name: 'B' }, pickupAt: null, flightNumber: '' };
jest.mock('@/components/booking/ride-form', () => ({
  RideForm: ({ onContinue }: { onContinue: (form: unknown) => void }) => (
    <button type="button" onClick={() => onContinue(trip)}>
      Price the trip
    </button>
  ),
}));
const quote = {
  ride_search_id: 'q-7',
  ride_details: [
    { vehicle: { vehicle_type: 'sedan', ac: true }, fee: { total_fee: 300, currency: 'INR' } },
    { vehicle: { vehicle_type: 'sedan', ac: false }, fee: { total_fee: 270, currency: 'INR' } },
  ],
};
const bookForCustomer = jest.fn();
jest.mock('@/components/booking/api', () => ({
  fetchQuote: async () => quote,
  bookForCustomer: (input: unknown) => bookForCustomer(input),
}));
// the phone input (react-phone-number-input) stands in as a plain input with its error
jest.mock('@/components/auth/phone-field', () => ({
  PhoneField: ({ id, value, onChange, error }: { id: string; value?: { number?: string }; onChange: (v: object) => void; error?: string }) => (
    <>
      <input id={id} aria-label="Phone number" value={value?.number ?? ''} onChange={(e) => onChange({ dialCode: '91', number: e.target.value })} />
      {error ? <p>{error}</p> : null}
    </>
  ),
}));

async function renderPriced() {
  render(
    withQueryClient(
      <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
        <BookForCustomer area="travel" timeZone="Asia/Kolkata" defaultCountry="IN" packages={[]} />
      </NextIntlClientProvider>,
    ),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Price the trip' }));
  await screen.findByRole('heading', { name: en.ConsoleBooking.vehicles });
}
const bookButton = () => screen.getByRole('button', { name: en.ConsoleBooking.book });

beforeEach(() => {
  bookForCustomer.mockReset();
  bookForCustomer.mockResolvedValue([{ rideId: 88, codeRefused: null }]);
});

describe('booking for a customer in the console', () => {
  it('keeps Book off until a vehicle, a name and a valid phone, and marks wrong values as typed', async () => {
    await renderPriced();
    // the AC fare only
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    const name = screen.getByLabelText(en.ConsoleBooking.customerName);
    const phone = screen.getByLabelText('Phone number');
    expect(bookButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('radio'));
    fireEvent.change(name, { target: { value: '  ' } });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    fireEvent.change(name, { target: { value: '' } });
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid'));
    fireEvent.change(name, { target: { value: 'Meena' } });
    expect(screen.queryByText(en.Validation.phoneInvalid)).toBeNull();
    fireEvent.change(phone, { target: { value: '123' } });
    expect(await screen.findByText(en.Validation.phoneInvalid)).toBeInTheDocument();
    expect(bookButton()).toBeDisabled();
    fireEvent.change(phone, { target: { value: '98765 43210' } });
    await waitFor(() => expect(bookButton()).toBeEnabled());
    expect(screen.queryByText(en.Validation.phoneInvalid)).toBeNull();
    fireEvent.change(name, { target: { value: '' } });
    await waitFor(() => expect(bookButton()).toBeDisabled());
  });

  it('books the chosen fare for the customer and says where the code went', async () => {
    await renderPriced();
    fireEvent.click(screen.getByRole('radio'));
    fireEvent.change(screen.getByLabelText(en.ConsoleBooking.customerName), { target: { value: 'Meena' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '098765 43210' } });
    fireEvent.change(screen.getByLabelText(en.ConsoleBooking.payment), { target: { value: 'upi' } });
    await waitFor(() => expect(bookButton()).toBeEnabled());
    fireEvent.click(bookButton());
    expect(await screen.findByRole('heading', { name: 'Ride #88 is booked' })).toBeInTheDocument();
    expect(bookForCustomer).toHaveBeenCalledWith(
      expect.objectContaining({
        customerName: 'Meena',
        customerPhone: { dialCode: '91', number: '9876543210' },
        paymentMethod: 'upi',
        rideSearchId: 'q-7',
        rideVehicle: 'sedan',
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('+91 9876543210');
  });
});
