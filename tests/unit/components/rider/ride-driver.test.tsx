/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import { RideDriver } from '@/components/rider/ride-driver';
import type { RideDriverView } from '@/lib/rides/queries';

/*
 * My rides' driver card shows the car's photo beside the driver's, as the
 * track page does, each named for a screen reader in the rider's language.
 */

const driver: RideDriverView = {
  name: 'Ravi Kumar',
  phone: { e164: '+919876500011', display: '+91 9876500011' },
  photoUrl: '/media/demo/fleet/ravi.webp',
  vehicle: { model: 'Maruti Suzuki Dzire', number: 'TN09 AB4521', photoUrl: '/media/demo/fleet/dzire.webp' },
};

const shown = (view: RideDriverView, locale = 'en', messages: typeof en = en) =>
  render(
    <NextIntlClientProvider locale={locale} messages={messages}>
      <RideDriver driver={view} />
    </NextIntlClientProvider>,
  );

describe("the rider's driver card", () => {
  it("shows the driver's photo and the car's photo with the car and plate", () => {
    shown(driver);
    const card = screen.getByRole('region', { name: 'Your driver' });
    expect(within(card).getByRole('img', { name: 'Photo of Ravi Kumar' })).toHaveAttribute('src', driver.photoUrl);
    expect(within(card).getByRole('img', { name: 'Photo of the vehicle TN09 AB4521 · Maruti Suzuki Dzire' })).toHaveAttribute(
      'src',
      '/media/demo/fleet/dzire.webp',
    );
  });

  it("names the car's photo in the rider's language, and shows none when the operator uploaded none", () => {
    const { unmount } = shown(driver, 'hi', hi as unknown as typeof en);
    expect(screen.getByRole('img', { name: 'वाहन TN09 AB4521 · Maruti Suzuki Dzire की फ़ोटो' })).toBeInTheDocument();
    unmount();
    shown({ ...driver, vehicle: { ...driver.vehicle!, photoUrl: null } });
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByText('TN09 AB4521')).toBeInTheDocument();
  });
});
