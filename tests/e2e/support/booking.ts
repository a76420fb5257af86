import { expect, type Page } from '@playwright/test';
import { codeFromOutbox } from './codes';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;

/** Tomorrow's date in the demo operator's zone (Asia/Kolkata), as the date input wants it. */
export function tomorrowInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 86_400_000),
  );
}
export function inIndia(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

export async function choosePlace(page: Page, label: string, typed: string, option: string) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page
    .getByRole('option', { name: new RegExp(`^${option}`) })
    .first()
    .click();
}

/** Fills the booking form on the home page and continues to the vehicles. */
export async function fillTrip(
  page: Page,
  trip: {
    kind?: 'Local' | 'Airport' | 'Outstation' | 'Rental';
    type?: 'One-way' | 'Return';
    from: string;
    to: string;
    time: string;
    /** The pickup date (YYYY-MM-DD); tomorrow in India when not given. */
    date?: string;
    returnDate?: string;
    returnTime?: string;
    flight?: string;
  },
) {
  await page.goto('/in/en/user/home');
  const form = page.getByRole('form', { name: 'Book Taxi' });
  const cont = form.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled();
  if (trip.kind) await form.getByRole('radio', { name: trip.kind, exact: true }).check();
  if (trip.type) await form.getByRole('radio', { name: trip.type, exact: true }).check();
  if (trip.flight) await form.getByLabel(/^Flight number/).fill(trip.flight);
  await choosePlace(page, 'Pickup location', trip.from.slice(0, 4), trip.from);
  await choosePlace(page, 'Drop-off location', trip.to.slice(0, 4), trip.to);
  await form.getByLabel('Pickup date').fill(trip.date ?? tomorrowInIndia());
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

export async function pickVehicle(page: Page, vehicle: string) {
  await expect(page.getByRole('img', { name: /^Route from/ })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(vehicle) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/in\/en\/ride\/summary$/);
}

/** The cashback sheet's sign-in; `origin` is the operator's host when the rider books on another operator's site. */
export async function signInInSheet(page: Page, phone: string, name: string, origin = ORIGIN) {
  await expect(page.getByRole('heading', { name: /^Get .* cashback on this ride$/ })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromOutbox(page.request, origin, `+91${phone.replace(/\s/g, '')}`);
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('6-digit code').fill(code);
}

export const rideCard = (page: Page, id: string) => page.getByRole('article', { name: `Ride #${id}`, exact: true });

export async function confirmation(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/in\/en\/ride\/confirmed$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Congratulations! Your ride is booked' })).toBeVisible();
  // the cashback waits for the trip's end, as the wallet shows it (issue 20 item 3)
  const cashback = page.getByText(/cashback is pending: it reaches your wallet when the trip ends/);
  await expect(cashback).toContainText('₹');
  const rideNumber = (await page.getByText(/^Ride #\d+$/).textContent())!.replace('Ride #', '');
  await expect(page).toHaveURL(/\/in\/en\/user\/home$/, { timeout: 8_000 });
  return rideNumber;
}
