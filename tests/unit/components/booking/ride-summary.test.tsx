/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { useBookingStore, type RideFormData, type SelectedVehicle } from '@/components/booking/booking-store';
import { emptyRideForm } from '@/components/booking/ride-prefill';
import { useSessionStore, type Me } from '@/components/auth/session-store';
import { RideSummary } from '@/components/booking/ride-summary';
import { withQueryClient } from '../../query-wrapper';

/*
 * The summary's own fields (docs/requirements/rider.md): the receipt e-mail of a card payment is
 * shown wrong once left or once Book now was tried, and Book now stops there; the passenger is
 * shown wrong (first bad field only) once a booking was tried, then follows what is typed.
 */

const push = jest.fn();
jest.mock('@/lib/i18n/navigation', () => ({ useRouter: () => ({ push }) }));
jest.mock('@/lib/tracking/client', () => ({ reportEvent: jest.fn() }));
const bookRide = jest.fn();
const openCardPayment = jest.fn();
jest.mock('@/components/booking/api', () => ({
  bookRide: (input: unknown) => bookRide(input),
  openCardPayment: (id: number) => openCardPayment(id),
  checkPromoCode: jest.fn(),
}));
const updateProfile = jest.fn();
jest.mock('@/components/rider/api', () => ({
  fetchRiderWallet: async () => ({ balance: { available: 0 } }),
  updateProfile: (input: unknown) => updateProfile(input),
}));
// the phone input itself is fetched on demand; a plain input with its error stands in for it
jest.mock('@/components/auth/lazy-phone-field', () => ({
  LazyPhoneField: ({ id, value, onChange, error }: { id: string; value?: { number?: string }; onChange: (v: object) => void; error?: string }) => (
    <>
      <input id={id} aria-label="Passenger phone" value={value?.number ?? ''} onChange={(e) => onChange({ dialCode: '91', number: e.target.value })} />
      {error ? <p>{error}</p> : null}
    </>
  ),
}));

const trip: RideFormData = {
  ...emptyRideForm(),
  tripKind: 'local',
  pickupLocation: { name: 'Chennai Central', lat: 13.08, lng: 80.27 },
  dropoffLocation: { name: 'T Nagar', lat: 13.04, lng: 80.23 },
  pickupTime: 'now',
};
const fee = {
  total_fee: 250,
  currency: 'INR',
  ride_amount: 250,
  driver_bata: 0,
  tolls: 0,
  lines: [{ code: 'rideAmount', amount: 250 }],
  minimum: null,
  cancellation_fee: null,
  rental: null,
  waiting: null,
};
const selected = {
  vehicleType: 'sedan',
  quote: {
    ride_search_id: 'q-1',
    ride_route: { distance_time: { ride_distance: { distance: 7.5, unit: 'km' }, ride_duration: { duration: 25, unit: 'min' } } },
    ride_details: [{ vehicle: { vehicle_type: 'sedan', ac: true, vehicles: ['Dzire'] }, fee }],
    cancellation: null,
  },
} as unknown as SelectedVehicle;
const rider = { user_id: 7, lp_id: 1, user_type: 'travelsx-user', name: 'Asha', email: null } as unknown as Me;

function renderSummary(me: Me | null) {
  useSessionStore.setState({ status: 'ready', me });
  useBookingStore.setState({ ready: true, form: trip, selected });
  render(
    withQueryClient(
      <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
        <RideSummary timeZone="Asia/Kolkata" cashbackBps={500} defaultCountry="IN" cardPayments />
      </NextIntlClientProvider>,
    ),
  );
}
const bookNow = () => fireEvent.click(screen.getByRole('button', { name: 'Book now' }));
const emailField = () => screen.getByLabelText('E-mail for the card receipt');
const settle = () => act(async () => {});

beforeEach(() => {
  jest.clearAllMocks();
  bookRide.mockResolvedValue({ ok: true, data: { data: [{ rideId: 41, cashbackAmount: 0, walletApplied: 0, totalAmount: 250 }] } });
  openCardPayment.mockResolvedValue({ ok: true, data: { txnId: 'txn-9' } });
  updateProfile.mockResolvedValue({});
});

describe('the ride summary (docs/requirements/rider.md)', () => {
  it('asks a card payer without a profile e-mail for one, shown wrong once left, then as it is typed', async () => {
    renderSummary(rider);
    expect(screen.queryByLabelText('E-mail for the card receipt')).toBeNull();
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'card' } });
    expect(screen.getByText(en.Payment.cardHint)).toBeInTheDocument();
    const email = emailField();
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(en.RideFlow.emailHint)).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'asha@' } });
    await settle();
    // not yet left: the hint, not the error
    expect(email).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(email);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(en.Validation.emailInvalid)).toHaveAttribute('id', email.getAttribute('aria-describedby'));
    fireEvent.change(email, { target: { value: 'asha@example.com' } });
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByText(en.RideFlow.emailHint)).toBeInTheDocument();
  });

  it('stops Book now at a missing e-mail, before the passenger is checked', async () => {
    renderSummary(rider);
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'card' } });
    fireEvent.click(screen.getByLabelText(en.Trust.forSomeoneElse));
    bookNow();
    await waitFor(() => expect(screen.getByText(en.Validation.emailRequired)).toBeInTheDocument());
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(en.Validation.nameRequired)).toBeNull();
    expect(bookRide).not.toHaveBeenCalled();
  });

  it('shows the passenger wrong only once a booking was tried, one field at a time, following the typing', async () => {
    renderSummary(rider);
    fireEvent.click(screen.getByLabelText(en.Trust.forSomeoneElse));
    const name = screen.getByLabelText(en.Trust.passengerName);
    expect(name).not.toHaveAttribute('aria-invalid');
    fireEvent.change(name, { target: { value: ' ' } });
    await settle();
    expect(screen.queryByText(en.Validation.nameRequired)).toBeNull();
    bookNow();
    await waitFor(() => expect(screen.getByText(en.Validation.nameRequired)).toBeInTheDocument());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(en.Validation.phoneRequired)).toBeNull();
    fireEvent.change(name, { target: { value: 'Ravi' } });
    await waitFor(() => expect(screen.getByText(en.Validation.phoneRequired)).toBeInTheDocument());
    expect(name).not.toHaveAttribute('aria-invalid');
    fireEvent.change(screen.getByLabelText('Passenger phone'), { target: { value: '98765 43210' } });
    await waitFor(() => expect(screen.queryByText(en.Validation.phoneRequired)).toBeNull());
    expect(bookRide).not.toHaveBeenCalled();
    bookNow();
    await waitFor(() => expect(bookRide).toHaveBeenCalledTimes(1));
    expect(bookRide.mock.calls[0][0]).toMatchObject({ paymentMethod: 'cash', passenger: { name: 'Ravi', phone: { dialCode: '91', number: '9876543210' } } });
  });

  it('books a signed-in rider with the chosen payment and no passenger, then shows the confirmation', async () => {
    renderSummary(rider);
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'upi' } });
    bookNow();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/ride/confirmed'));
    expect(bookRide.mock.calls[0][0]).toMatchObject({
      rideSearchId: 'q-1',
      rideVehicle: 'sedan',
      paymentMethod: 'upi',
      passenger: undefined,
      useWallet: false,
    });
  });

  it('keeps a card payer’s e-mail in the profile, then opens the card payment', async () => {
    renderSummary(rider);
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: 'card' } });
    fireEvent.change(emailField(), { target: { value: ' asha@example.com ' } });
    bookNow();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/pay/txn-9'));
    expect(bookRide.mock.calls[0][0]).toMatchObject({ paymentMethod: 'card' });
    expect(updateProfile).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@example.com' });
  });

  it('opens the cashback sign-in sheet for a signed-out rider instead of booking', async () => {
    renderSummary(null);
    bookNow();
    await waitFor(() => expect(screen.getByRole('heading', { name: /cashback on this ride/ })).toBeInTheDocument());
    expect(bookRide).not.toHaveBeenCalled();
  });
});
