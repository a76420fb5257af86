import { devices, expect, test } from '@playwright/test';
import { confirmation, fillTrip, pickVehicle, signInInSheet } from './support/booking';
import { partnerLogin } from './support/partner';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;

// Issue 37, the specification's rows: the visitor record's phone and address when known (docs/requirements/rider.md#visitor-tracking),
// shown on the console's Visits page; on a phone (Pixel 7) in English.
test("a signed-in rider's visits carry their phone and last pickup address, listed under Known visitors in the console", async ({ page, browser }) => {
  const phone = '98400 37412';
  const e164 = `+91${phone.replace(/\s/g, '')}`;
  await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
  await pickVehicle(page, 'Sedan');
  await page.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(page, phone, 'Kavya Raman');
  const rideId = await confirmation(page);
  // a page view after the booking: the rider's phone and the ride's pickup are known
  await page.goto('/in/en/user/rides');
  await page.goto('/in/en/user/home');

  const console = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await partnerLogin(console, 'hello@meridiancabs.example');
  await console.goto('/in/en/travel/visits');
  const known = console.getByRole('region', { name: 'Known visitors' });
  await expect(known.getByRole('heading', { level: 2, name: 'Known visitors' })).toBeVisible();
  await expect(known.getByRole('columnheader')).toHaveText(['Phone', 'Address', 'Page views', 'Last visit']);
  // the beacon records a view when the browser is idle: reload until this rider's row is there
  const row = known.getByRole('row').filter({ has: console.getByRole('link', { name: e164 }) });
  await expect(async () => {
    await console.reload();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('link', { name: e164 })).toHaveAttribute('href', `tel:${e164}`);
  await expect(row.getByRole('cell').first()).toHaveText(/^Chennai/);
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
  await expect(row.getByRole('cell').nth(2)).not.toBeEmpty();

  // the operator declines the ride, so the evening stays free for the specs that book after this one
  const declined = await console.request.post(`/api/partner/rides/${rideId}`, {
    headers: { origin: ORIGIN },
    data: { action: 'decline', reason: 'Visitor record checked' },
  });
  expect(declined.status()).toBe(200);
  await console.context().close();
});
