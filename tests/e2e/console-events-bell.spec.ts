import { expect, test, type Page } from '@playwright/test';
import { partnerLogin } from './support/partner';
import { inIndia } from './support/booking';
import { bookRides } from './support/board';
import { ApiClient } from './support/xss-api';

/*
 * Issue 37's console rows: the ride event page's notifications icon (a live count of the ride events since the
 * partner last looked, a panel of the newest with links to the ride, Escape closes) and the Travels menu's Track
 * (the live map narrowed to that travel company's drivers, or a clear word when none can be shown).
 */

const PARTNER_EMAIL = 'night@meridiancabs.example';
const SEEN_PREFIX = 'console-events-seen:';

/** The console's own API, called from the signed-in page (its session cookie, its Origin), as the console's screens call it. */
async function consoleApi(page: Page, method: 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  return page.evaluate(
    async ({ method, path, data }) => {
      const res = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: data === undefined ? {} : { 'content-type': 'application/json' },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return { status: res.status, json: (await res.json().catch(() => ({}))) as { data?: { id: number } } };
    },
    { method, path, data },
  );
}

test('the bell counts a new ride event live, lists it with a link to the ride, and opening it marks it seen', async ({ page }) => {
  // the second test signs the same address in again: the login helper then waits out the 30 s resend limit
  test.setTimeout(120_000);
  await partnerLogin(page, PARTNER_EMAIL);
  await page.goto('/in/en/travel/events');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  // the first visit stores its last look (today's newest event) before anything counts as new
  await expect
    .poll(() => page.evaluate((prefix) => Object.keys(localStorage).some((key) => key.startsWith(prefix)), SEEN_PREFIX), { timeout: 15_000 })
    .toBe(true);
  await expect(bell).toHaveAccessibleName('Notifications, no new ride events');

  const rider = new ApiClient('localhost');
  expect((await rider.signInRider('9840037612', 'Meena Raghavan')).status).toBe(200);
  const [ride] = await bookRides(rider, `${inIndia(5)}T09:30:00+05:30`, 1, 'events-bell');

  // other specs may book on the demo operator meanwhile: at least this one is new
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ new ride events?$/, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: /new ride events?$/ })).toHaveCount(1);

  await bell.click();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'New ride events' });
  const link = panel.getByRole('link', { name: new RegExp(`^Ride created\\s*Ride #${ride.id}(?!\\d)`) });
  await expect(link).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, no new ride events');

  await page.keyboard.press('Escape');
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // seen stays seen on the next visit
  await page.reload();
  await expect(page.getByRole('button', { name: /^Notifications, / })).toHaveAccessibleName('Notifications, no new ride events');

  await page.getByRole('button', { name: /^Notifications, / }).click();
  await page
    .getByRole('region', { name: 'New ride events' })
    .getByRole('link', { name: new RegExp(`Ride #${ride.id}(?!\\d)`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/in/en/travel/rides\\?q=${ride.id}$`));
  await expect(page.getByRole('searchbox', { name: 'Search by ride Id' })).toHaveValue(String(ride.id));
});

test("an agency's Track shows its drivers on the live map, and says so when it has none to show", async ({ page }) => {
  // the second test signs the same address in again: the login helper then waits out the 30 s resend limit
  test.setTimeout(120_000);
  await partnerLogin(page, PARTNER_EMAIL);
  const stamp = String(Date.now()).slice(-7);
  const tracked = await consoleApi(page, 'POST', '/api/partner/agencies', { name: `Bell Track ${stamp}`, phone: { dialCode: '91', number: `961${stamp}` } });
  const empty = await consoleApi(page, 'POST', '/api/partner/agencies', { name: `Quiet Track ${stamp}`, phone: { dialCode: '91', number: `962${stamp}` } });
  expect([tracked.status, empty.status]).toEqual([201, 201]);
  const agencyId = tracked.json.data!.id;
  const emptyId = empty.json.data!.id;
  const driver = await consoleApi(page, 'POST', '/api/partner/drivers', {
    name: `Tracked Driver ${stamp}`,
    phone: { dialCode: '91', number: `963${stamp}` },
    agencyId,
  });
  expect(driver.status).toBe(201);
  const driverId = driver.json.data!.id;
  try {
    expect((await consoleApi(page, 'PATCH', `/api/partner/drivers/${driverId}`, { action: 'verify' })).status).toBe(200);
    expect((await consoleApi(page, 'PATCH', `/api/partner/drivers/${driverId}`, { online: true })).status).toBe(200);

    await page.goto('/in/en/travel/agencies');
    await page.getByRole('button', { name: `Actions for Bell Track ${stamp}` }).click();
    await page.getByRole('menuitem', { name: 'Track' }).click();
    await expect(page).toHaveURL(new RegExp(`/in/en/travel/map\\?agency=${agencyId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Drivers of Bell Track ${stamp}` })).toBeVisible();
    const list = page.getByRole('list', { name: 'Drivers', exact: true });
    await expect(list.getByRole('button')).toHaveCount(1);
    await expect(list).toContainText(`Tracked Driver ${stamp}`);
    await expect(page.locator('[data-agency-empty]')).toHaveCount(0);

    await page.goto(`/in/en/travel/map?agency=${emptyId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Drivers of Quiet Track ${stamp}` })).toBeVisible();
    await expect(page.locator('[data-agency-empty]')).toHaveText(`Quiet Track ${stamp} has no verified driver to track yet.`);
    await page.getByRole('button', { name: 'Show the whole fleet' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet map' })).toBeVisible();
    await expect(page).toHaveURL(/\/in\/en\/travel\/map$/);
  } finally {
    await consoleApi(page, 'PATCH', `/api/partner/drivers/${driverId}`, { online: false });
    await consoleApi(page, 'DELETE', `/api/partner/agencies/${agencyId}`);
    await consoleApi(page, 'DELETE', `/api/partner/agencies/${emptyId}`);
  }
});
