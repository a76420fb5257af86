/**
 * @jest-environment jsdom
 */
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { RouteSketch } from '@/components/booking/route-sketch';

/*
 * Issue 37: on an Arabic page the route read "pickup → drop-off" with the
 * arrow pointing against the reading direction (docs/requirements/markets.md#right-to-left).
 */

const pickup = { name: 'Dubai Mall', lat: 25.1972, lng: 55.2796 };
const dropoff = { name: 'مرسى دبي', lat: 25.0805, lng: 55.1403 };

const caption = (locale: string) => {
  const { container } = render(
    <NextIntlClientProvider locale={locale} messages={{}}>
      <RouteSketch pickup={pickup} dropoff={dropoff} label="map" tripText="20 km" pickupMarker="أ" dropoffMarker="ب" />
    </NextIntlClientProvider>,
  );
  return container.querySelector('figcaption span')!.textContent;
};

test('the route arrow points the reading direction, each name isolated so the other script cannot turn it round', () => {
  expect(caption('ar-AE')).toBe('\u2068Dubai Mall\u2069 ← \u2068مرسى دبي\u2069');
  expect(caption('en-AE')).toBe('\u2068Dubai Mall\u2069 → \u2068مرسى دبي\u2069');
});
