/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { useBookingStore, type Confirmation } from '@/components/booking/booking-store';
import { RideConfirmed } from '@/components/booking/ride-confirmed';

/*
 * The booking confirmation of an airport pickup (docs/requirements/rider.md#confirmation):
 * the operator's meeting point with the photo it uploaded, and the free waiting.
 */

jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));

const PHOTO = '/media/demo/airport/0b6f1d2e-8f57-4a41-9d51-4f3f0f6a9c11.jpg';

function renderConfirmed(confirmation: Confirmation) {
  useBookingStore.setState({ ready: true, confirmation });
  render(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      <RideConfirmed />
    </NextIntlClientProvider>,
  );
}
const booked = { rideId: 41, cashbackAmount: 0, currency: 'INR' };

describe('the confirmation of an airport pickup', () => {
  it('shows the meeting point with its photo (WebP first) and the free waiting from the landing', () => {
    renderConfirmed({
      ...booked,
      meeting: {
        point: { text: 'Arrivals exit gate 4, by the coffee counter', lang: 'en', photoUrl: PHOTO, photoWebp: PHOTO.replace(/\.jpg$/, '.webp') },
        freeMinutes: 60,
        flight: true,
      },
    });
    expect(screen.getByText('Arrivals exit gate 4, by the coffee counter')).toHaveAttribute('lang', 'en');
    const photo = screen.getByRole('img', { name: 'The meeting point' });
    expect(photo).toHaveAttribute('src', PHOTO);
    expect(photo.closest('picture')?.querySelector('source')).toHaveAttribute('srcset', PHOTO.replace(/\.jpg$/, '.webp'));
    expect(screen.getByText(/60 min/)).toBeInTheDocument();
  });

  it('shows the text alone when the operator uploaded no photo', () => {
    renderConfirmed({ ...booked, meeting: { point: { text: 'Gate 2', lang: 'en', photoUrl: null, photoWebp: null }, freeMinutes: 60, flight: false } });
    expect(screen.getByText('Gate 2')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'The meeting point' })).toBeNull();
  });
});
