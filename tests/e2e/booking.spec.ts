import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox } from './support/codes';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;

/** Tomorrow's date in the demo operator's zone (Asia/Kolkata), as the date input wants it. */
function tomorrowInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 86_400_000));
}
function inIndia(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

async function choosePlace(page: Page, label: string, typed: string, option: string) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).first().click();
}

/** Fills the booking form on the home page and continues to the vehicles. */
async function fillTrip(page: Page, trip: { kind?: 'Local' | 'Airport' | 'Outstation' | 'Rental'; type?: 'One-way' | 'Return'; from: string; to: string; time: string; returnDate?: string; returnTime?: string; flight?: string }) {
  await page.goto('/in/en/user/home');
  const form = page.getByRole('form', { name: 'Book Taxi' });
  const cont = form.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled();
  if (trip.kind) await form.getByRole('radio', { name: trip.kind, exact: true }).check();
  if (trip.type) await form.getByRole('radio', { name: trip.type, exact: true }).check();
  if (trip.flight) await form.getByLabel('Flight number (optional)').fill(trip.flight);
  await choosePlace(page, 'Pickup location', trip.from.slice(0, 4), trip.from);
  await choosePlace(page, 'Drop-off location', trip.to.slice(0, 4), trip.to);
  await form.getByLabel('Pickup date').fill(tomorrowInIndia());
  await expect(cont).toBeDisabled();
  await form.getByLabel('Pickup time').selectOption({ label: trip.time });
  if (trip.returnDate) {
    await expect(cont).toBeDisabled();
    await form.getByLabel('Return date').fill(trip.returnDate);
    await form.getByLabel('Return time').selectOption({ label: trip.returnTime! });
  }
  await expect(cont).toBeEnabled();
  await cont.click();
  await expect(page).toHaveURL(/\/in\/en\/ride\/vehicles$/);
}

async function pickVehicle(page: Page, vehicle: string) {
  await expect(page.getByRole('img', { name: /^Route from/ })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(vehicle) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/in\/en\/ride\/summary$/);
}

async function signInInSheet(page: Page, phone: string, name: string) {
  await expect(page.getByRole('heading', { name: /^Get .* cashback on this ride$/ })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromOutbox(page.request, ORIGIN, `+91${phone.replace(/\s/g, '')}`);
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('4-digit code').fill(code);
}

const rideCard = (page: Page, id: string) => page.getByRole('article', { name: `Ride #${id}`, exact: true });

async function confirmation(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/in\/en\/ride\/confirmed$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Congratulations! Your ride is booked' })).toBeVisible();
  const cashback = page.getByText(/cashback has been added to your wallet/);
  await expect(cashback).toContainText('₹');
  const rideNumber = (await page.getByText(/^Ride #\d+$/).textContent())!.replace('Ride #', '');
  await expect(page).toHaveURL(/\/in\/en\/user\/home$/, { timeout: 8_000 });
  return rideNumber;
}

test('a new rider books Chennai to Bangalore by sedan for tomorrow 8 PM, signs in by code, then cancels and the cashback is reversed', async ({ page }) => {
  await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
  await expect(page.getByText('Loading vehicles...')).toBeHidden();
  await pickVehicle(page, 'Sedan');

  await expect(page.getByRole('heading', { name: 'Ride summary' })).toBeVisible();
  await expect(page.getByText('Estimated toll charges')).toBeVisible();
  await expect(page.getByText('Driver allowances')).toBeVisible();
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
  const quote = await request.post('/api/rides/quote', { headers: { origin: ORIGIN }, data: { tripKind: 'outstation', pickupLocation: { lat: 13.08, lng: 80.27, name: 'Chennai' }, pickupTime: 'yesterday' } });
  expect(quote.status()).toBe(400);
  expect((await quote.json()).error.message).toMatch(/^(dropoffLocation|pickupTime): /);
  const book = await request.post('/api/rides', { headers: { origin: ORIGIN }, data: { rideSearchId: 'nope' } });
  expect(book.status()).toBe(401);
});
