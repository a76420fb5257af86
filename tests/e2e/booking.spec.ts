import { expect, test } from '@playwright/test';
import { choosePlace, confirmation, fillTrip, inIndia, pickVehicle, rideCard, signInInSheet } from './support/booking';
import { expectWordsWhole } from './support/layout';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;

test('a new rider books Chennai to Bangalore by sedan for tomorrow 8 PM, signs in by code, then cancels and the cashback is reversed', async ({ page }) => {
  await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
  await expect(page.getByText('Loading vehicles...')).toBeHidden();
  await pickVehicle(page, 'Sedan');

  await expect(page.getByRole('heading', { name: 'Ride summary' })).toBeVisible();
  // the itemised fare, in the words of every other place that shows it (My rides, console, invoice)
  await expect(page.getByText('Tolls', { exact: true })).toBeVisible();
  await expect(page.getByText('Driver allowance', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Payment method')).toHaveValue('cash');
  await page.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(page, '98400 11111', 'Asha Raman');
  const rideId = await confirmation(page);

  await page.goto('/in/en/user/rides');
  const card = rideCard(page, rideId);
  await expect(card).toContainText('Chennai');
  await expect(card).toContainText('Bengaluru');
  await expect(card).toContainText(/Start code \d{4}/);

  await page.goto('/in/en/user/wallet');
  await expect(page.getByText('Cashback pending').first()).toBeVisible();
  // The balances stay whole on a small phone (they stack rather than split "₹637.5|0").
  await page.setViewportSize({ width: 360, height: 780 });
  await expectWordsWhole(
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) }),
    'the wallet balances at 360 px',
  );

  await page.goto('/in/en/user/rides');
  await rideCard(page, rideId).getByRole('button', { name: 'Cancel ride' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Plans changed');
  await dialog.getByRole('button', { name: 'Yes, cancel the ride' }).click();
  await page.getByRole('tab', { name: /^Past/ }).click();
  await expect(rideCard(page, rideId)).toContainText('Cancelled');

  await page.goto('/in/en/user/wallet');
  await expect(page.getByText('Cashback reversed').first()).toBeVisible();
});

test('a signed-in rider books a return trip and an airport arrival', async ({ page }) => {
  await fillTrip(page, { type: 'Return', from: 'Chennai', to: 'Puducherry', time: '10:00 AM', returnDate: inIndia(3), returnTime: '6:00 PM' });
  await pickVehicle(page, 'SUV');
  await expect(page.getByText('Return', { exact: true })).toBeVisible();
  // a short return trip bills the daily minimum, and the summary says so (docs/requirements/rider.md#choosing-a-vehicle)
  await expect(page.getByText(/^Minimum 250 km a day × \d+ days = \d+ km billed; your trip is \d+ km$/)).toBeVisible();
  await page.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(page, '98400 22222', 'Ravi Kumar');
  const returnRide = await confirmation(page);

  await fillTrip(page, { kind: 'Airport', from: 'Chennai', to: 'Tambaram', time: '9:00 AM', flight: 'AI 302' });
  await pickVehicle(page, 'Hatchback');
  await expect(page.getByText('Flight AI 302 · Arrival: pickup at the airport')).toBeVisible();
  await page.getByRole('button', { name: 'Book now' }).click();
  const airportRide = await confirmation(page);

  await page.goto('/in/en/user/rides');
  await expect(rideCard(page, returnRide)).toContainText('Return');
  await expect(rideCard(page, airportRide)).toContainText('AI 302');
});

test('an airport trip whose flight fields fail to arrive offers a retry, and Continue waits for them', async ({ page }) => {
  await page.goto('/in/en/user/home');
  const form = page.getByRole('form', { name: 'Book Taxi' });
  await expect(form.getByTestId('continue-needs')).toBeVisible();
  // The flight fields are fetched with the first airport trip (docs/architecture/booking.md#first-load): the
  // network drops that fetch, as a phone losing signal would.
  let offline = true;
  await page.route('**/_next/static/chunks/**', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await form.getByRole('radio', { name: 'Airport', exact: true }).check();
  const retry = form.getByRole('button', { name: 'The flight fields did not load. Tap to try again.' });
  await expect(retry).toBeVisible();
  await expect(form.getByLabel(/^Flight number/)).toHaveCount(0);
  // the signal is back; the rider fills the rest before tapping the retry
  offline = false;
  await choosePlace(page, 'Drop-off location', 'Tamb', 'Tambaram');
  await form.getByLabel('Pickup date').fill(inIndia(1));
  await form.getByLabel('Pickup time').selectOption({ label: '9:00 AM' });
  // everything else is filled, yet an arrival's flight cannot be checked without its fields
  await expect(form.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await retry.click();
  await expect(retry).toBeHidden();
  await form.getByLabel(/^Flight number/).fill('AI 302');
  await expect(form.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/in\/en\/ride\/vehicles$/);
});

test('the form explains bad input and the vehicle step never shows a stale trip', async ({ page }) => {
  await page.goto('/in/en/user/home');
  const form = page.getByRole('form', { name: 'Book Taxi' });
  await choosePlace(page, 'Pickup location', 'Chen', 'Chennai');
  await choosePlace(page, 'Drop-off location', 'Chen', 'Chennai');
  await expect(form.getByText('Pickup and drop-off are the same place')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await page.goto('/in/en/ride/summary');
  await expect(page.getByText('Ride summary details are not available')).toBeVisible();
});

test('the API refuses bad booking input with a 4xx that names the field', async ({ request }) => {
  const quote = await request.post('/api/rides/quote', {
    headers: { origin: ORIGIN },
    data: { tripKind: 'outstation', pickupLocation: { lat: 13.08, lng: 80.27, name: 'Chennai' }, pickupTime: 'yesterday' },
  });
  expect(quote.status()).toBe(400);
  expect((await quote.json()).error.message).toMatch(/^(dropoffLocation|pickupTime): /);
  const book = await request.post('/api/rides', { headers: { origin: ORIGIN }, data: { rideSearchId: 'nope' } });
  expect(book.status()).toBe(401);
});

test('a rider on a slow phone types the pickup and picks a time before the page has its scripts; both are kept and the form goes on', async ({ page }) => {
  // the app's chunks arrive 2 s late, as on a slow mobile network (the page itself is server HTML, shown at once)
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto('/in/en/user/home');
  const form = page.getByRole('form', { name: 'Book Taxi' });
  await form.getByRole('combobox', { name: 'Pickup location' }).fill('Chen');
  await form.getByLabel('Pickup time').selectOption({ label: '8:00 PM' });
  // once hydrated, the typed text searches and the chosen time is the form's
  await page
    .getByRole('option', { name: /^Chennai/ })
    .first()
    .click();
  await expect(form.getByRole('combobox', { name: 'Pickup location' })).toHaveValue(/^Chennai/);
  await choosePlace(page, 'Drop-off location', 'Beng', 'Bengaluru');
  await form.getByLabel('Pickup date').fill(inIndia(1));
  await expect(form.getByLabel('Pickup time')).toHaveValue('20:00');
  await expect(form.getByRole('button', { name: 'Continue' })).toBeEnabled();
});
