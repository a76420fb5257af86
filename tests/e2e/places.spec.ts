import { expect, test, type Page } from '@playwright/test';
import { choosePlace, confirmation, signInInSheet, tomorrowInIndia } from './support/booking';

/** Fills the booking form with full typed queries (localities and airport codes) and continues to the vehicles. */
async function fillLocalTrip(page: Page, trip: { kind: 'Local' | 'Airport'; from: [string, string]; to: [string, string]; time: string; flight?: string }) {
  await page.goto('/in/en/user/home');
  const form = page.getByRole('form', { name: 'Book Taxi' });
  await form.getByRole('radio', { name: trip.kind, exact: true }).check();
  if (trip.kind === 'Airport') await form.getByRole('radio', { name: 'Departure: drop at the airport' }).check();
  if (trip.flight) await form.getByLabel('Flight number (optional)').fill(trip.flight);
  await choosePlace(page, 'Pickup location', trip.from[0], trip.from[1]);
  await choosePlace(page, 'Drop-off location', trip.to[0], trip.to[1]);
  await form.getByLabel('Pickup date').fill(tomorrowInIndia());
  await form.getByLabel('Pickup time').selectOption({ label: trip.time });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/in\/en\/ride\/vehicles$/);
}

/** The quoted trip distance in km, read from the route sketch's label. */
async function quotedKm(page: Page): Promise<number> {
  const sketch = page.getByRole('img', { name: /^Route from/ });
  await expect(sketch).toHaveAttribute('aria-label', /\d\s*km/, { timeout: 15_000 });
  const label = (await sketch.getAttribute('aria-label')) ?? '';
  const km = label.match(/([\d.,]+)\s*km/);
  expect(km, label).not.toBeNull();
  return Number(km![1].replace(/,/g, ''));
}

test('a rider books an airport departure from T Nagar to MAA, quoted between the locality and the airport', async ({ page }) => {
  await fillLocalTrip(page, {
    kind: 'Airport',
    from: ['T Nagar', 'T Nagar, Chennai'],
    to: ['MAA', 'Chennai International Airport \\(MAA\\)'],
    time: '6:00 AM',
    flight: '6E 561',
  });
  await expect(page.getByRole('img', { name: /^Route from T Nagar, Chennai to Chennai International Airport \(MAA\)/ })).toBeVisible();
  // T Nagar (13.041, 80.234) to the airport (12.982, 80.164) is about 10 km in a straight line;
  // Chennai's centre to the airport would be about 16, and centre to centre 0.
  const km = await quotedKm(page);
  expect(km).toBeGreaterThan(8);
  expect(km).toBeLessThan(16);
  await page.getByRole('radio', { name: /Sedan/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('6E 561')).toBeVisible();
  await page.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(page, '98400 33333', 'Meena Subramanian');
  const ride = await confirmation(page);
  await page.goto('/in/en/user/rides');
  const card = page.getByRole('article', { name: `Ride #${ride}`, exact: true });
  await expect(card).toContainText('T Nagar, Chennai');
  await expect(card).toContainText('Chennai International Airport (MAA)');
});

test('a rider books a local trip from Velachery to T Nagar, quoted between the two localities', async ({ page }) => {
  await fillLocalTrip(page, { kind: 'Local', from: ['Velachery', 'Velachery, Chennai'], to: ['thyagaraya nagar', 'T Nagar, Chennai'], time: '10:00 AM' });
  await expect(page.getByRole('img', { name: /^Route from Velachery, Chennai to T Nagar, Chennai/ })).toBeVisible();
  // Velachery (12.976, 80.221) to T Nagar is about 7.4 km in a straight line.
  const km = await quotedKm(page);
  expect(km).toBeGreaterThan(5);
  expect(km).toBeLessThan(14);
});

test('place search refuses bad input without a server error', async ({ request }) => {
  for (const q of ['', 'x'.repeat(500)]) expect((await request.get(`/api/places/search?q=${encodeURIComponent(q)}`)).status()).toBe(400);
  for (const q of ['c', '\u0007\u001b', 'Chennai சென்னை دبي', '🚕']) {
    const res = await request.get(`/api/places/search?q=${encodeURIComponent(q)}`);
    expect([200, 400]).toContain(res.status());
  }
  const tamil = await (await request.get(`/api/places/search?q=${encodeURIComponent('சென்னை')}`)).json();
  expect(tamil.data[0].name).toBe('Chennai');
  const reverse = await (await request.get('/api/places/reverse?lat=12.9755&lng=80.2206')).json();
  expect(reverse.data.name).toBe('Velachery, Chennai');
});
