import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { partnerLogin } from './support/partner';
import { inIndia } from './support/booking';
import { ApiClient } from './support/xss-api';
import { bookRides } from './support/board';

const PARTNER_EMAIL = 'hello@meridiancabs.example';

/** The partner's signed-in browser state, made once: a second code to the same address within 30 s is refused. */
const PARTNER_STATE = path.join(os.tmpdir(), `board-spec-partner-${process.pid}.json`);

test.describe('the rides board', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, storageState: PARTNER_STATE });

  test.beforeAll(async ({ browser }) => {
    // A worker restarted after a failure reuses the state (a new code within 30 s would be refused).
    if (fs.existsSync(PARTNER_STATE)) return;
    const context = await browser.newContext({ storageState: undefined });
    await partnerLogin(await context.newPage(), PARTNER_EMAIL);
    await context.storageState({ path: PARTNER_STATE });
    await context.close();
  });

  // The next spec signs the same partner in: a new code is sent only 30 s after the last one (lib/auth/constants.ts).
  test.afterAll(async () => {
    const since = Date.now() - fs.statSync(PARTNER_STATE).mtimeMs;
    if (since < 31_000) await new Promise((resolve) => setTimeout(resolve, 31_000 - since));
  });

  test('a date range in the operator zone, pickup order, paging past 50, the table on a desktop; cards on a phone', async ({ page, browser }) => {
    const rider = new ApiClient('localhost');
    expect((await rider.signInRider('9840077701', 'Board Rider')).status).toBe(200);
    const day = inIndia(5);
    const later = await bookRides(rider, `${day}T09:30:00+05:30`, 52, 'late');
    const [early] = await bookRides(rider, `${day}T05:15:00+05:30`, 1, 'early');
    const [nextDay] = await bookRides(rider, `${inIndia(6)}T05:15:00+05:30`, 1, 'next');
    // Numbers are the operator's own: consecutive here, whatever other operators booked.
    expect(later.map((r) => r.id)).toEqual(later.map((_, i) => later[0].id + i));

    await page.goto('/in/en/travel/rides');
    await expect(page.getByRole('heading', { name: 'Rides', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Today', exact: true, pressed: true })).toBeVisible();
    await expect(page.getByText('Times in Asia/Kolkata')).toBeVisible();

    await page.getByLabel('From', { exact: true }).fill(day);
    await page.getByLabel('To', { exact: true }).fill(day);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByText(/^53 rides with a pickup on /)).toBeVisible();
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    // Pickup order: the 05:15 ride first although it was booked last.
    await expect(rows.first()).toHaveAttribute('aria-label', `Ride #${early.id}`);
    await expect(rows.first()).toContainText('5:15');
    await expect(table.getByRole('row', { name: `Ride #${nextDay.id}`, exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Show more rides (50 of 53)' }).click();
    await expect(rows).toHaveCount(53);
    await expect(rows.last()).toHaveAttribute('aria-label', `Ride #${later[51].id}`);

    // Sort by ride number, highest first, with the keyboard.
    const rideHeader = table.getByRole('columnheader', { name: 'Ride', exact: true });
    await rideHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(rideHeader).toHaveAttribute('aria-sort', 'ascending');
    await page.keyboard.press('Enter');
    await expect(rideHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toHaveAttribute('aria-label', `Ride #${early.id}`);
    // The server sorts the whole range: the next page goes on down to the lowest number.
    await expect(rows).toHaveCount(50);
    await page.getByRole('button', { name: 'Show more rides (50 of 53)' }).click();
    await expect(rows).toHaveCount(53);
    await expect(rows.last()).toHaveAttribute('aria-label', `Ride #${later[0].id}`);

    // The export names its filter: this range, all statuses.
    await expect(page.getByRole('link', { name: /Export CSV/ })).toContainText('all statuses');

    // A reversed range is refused in words.
    await page.getByLabel('To', { exact: true }).fill(inIndia(4));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The end date must be on or after the start date' })).toBeVisible();

    // Next 7 days holds both days.
    await page.getByRole('button', { name: 'Next 7 days' }).click();
    await expect(page.getByText('The end date must be on or after the start date')).toHaveCount(0);
    await expect(page.getByText(/rides with a pickup on /)).toContainText(/^\d+ rides/);

    const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, storageState: PARTNER_STATE });
    const phonePage = await phone.newPage();
    await phonePage.goto('/in/en/travel/rides');
    await phonePage.getByLabel('From', { exact: true }).fill(day);
    await phonePage.getByLabel('To', { exact: true }).fill(day);
    await phonePage.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(phonePage.getByRole('article', { name: `Ride #${early.id}`, exact: true })).toBeVisible();
    await expect(phonePage.getByRole('table')).toHaveCount(0);
    await phone.close();
  });

  test('a cash ride completed from the board leaves the commission owed in the wallet', async ({ page }) => {
    const rider = new ApiClient('localhost');
    expect((await rider.signInRider('9840077702', 'Cash Rider')).status).toBe(200);
    // Picked up in three days: today's overview counts (console.spec.ts) stay as they are. (The next hour's
    // unassigned pickups are proven in jest, tests/unit/lib/rides/board.test.ts.)
    const day = inIndia(3);
    const [ride] = await bookRides(rider, `${day}T10:00:00+05:30`, 1, 'cash');

    await page.goto('/in/en/travel/rides');
    await page.getByLabel('From', { exact: true }).fill(day);
    await page.getByLabel('To', { exact: true }).fill(day);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const row = page.getByRole('row', { name: `Ride #${ride.id}`, exact: true });
    await expect(row).toContainText('Booked');
    await row.getByRole('button', { name: 'Accept' }).click();
    const accept = page.getByRole('dialog', { name: `Accept ride #${ride.id}` });
    await accept.getByLabel('Driver').selectOption({ label: 'Karthik Raja' });
    await accept.getByLabel('Vehicle').selectOption({ label: 'TN09 AB4521 · Maruti Suzuki Dzire' });
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(row).toContainText('Accepted');
    await row.getByRole('button', { name: 'Start' }).click();
    const start = page.getByRole('dialog', { name: `Start ride #${ride.id}` });
    await start.getByLabel('Start code').fill(ride.startCode);
    await start.getByRole('button', { name: 'Start the trip' }).click();
    await expect(row).toContainText('On Trip');
    await row.getByRole('button', { name: 'Complete' }).click();
    const complete = page.getByRole('dialog', { name: `Complete ride #${ride.id}` });
    await expect(complete.getByRole('radio', { name: 'Cash to the driver' })).toBeChecked();
    await complete.getByRole('button', { name: 'Complete the ride' }).click();
    await expect(row).toContainText('Completed');

    await page.goto('/in/en/travel/wallet');
    const owed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Owed to the platform' }) });
    await expect(owed).toContainText('₹');
    await expect(owed).not.toContainText('₹0.00');
    await expect(page.getByText(`Platform commission on ride #${ride.id}, owed (cash ride)`)).toBeVisible();
    await expect(page.getByText(`Ride #${ride.id} completed, paid in cash to the driver`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Statement for these dates' })).toContainText('Cash fares kept by drivers');
  });
});
