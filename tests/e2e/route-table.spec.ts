import { expect, test } from '@playwright/test';
import { partnerLogin } from './support/partner';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const on = (host: string, path = '/') => `http://${host}:${PORT}${path}`;

/** Where a path on `host` answers with a redirect (read, not followed). Node asks loopback and names the host. */
async function redirectOf(request: import('@playwright/test').APIRequestContext, host: string, path: string): Promise<string> {
  const answer = await request.get(on('localhost', path), { maxRedirects: 0, headers: { host: `${host}:${PORT}` } });
  expect(answer.status(), `${host}${path}`).toBeGreaterThanOrEqual(300);
  expect(answer.status(), `${host}${path}`).toBeLessThan(400);
  return new URL(answer.headers().location, on(host)).pathname;
}

// Issue 37, the specification's rows: the route table's paths and hosts.
test('/{country}/{lang} on a console host goes to the console home, on a rider host to the rider home', async ({ request }) => {
  expect(await redirectOf(request, 'acme.localhost', '/ae/en')).toBe('/ae/en/travel/home');
  expect(await redirectOf(request, 'localhost', '/in/en')).toBe('/in/en/user/home');
});

test('the top-level console paths of the route table lead to their console pages', async ({ request }) => {
  for (const section of ['rides', 'drivers', 'events', 'map']) {
    expect(await redirectOf(request, 'acme.localhost', `/ae/en/${section}`)).toBe(`/ae/en/travel/${section}`);
    expect(await redirectOf(request, 'localhost', `/in/en/${section}`)).toBe(`/in/en/travel/${section}`);
  }
});

test("the business home's Get Started opens the platform's signup, also on a rider host", async ({ page }) => {
  await page.goto(on('localhost', '/in/en/business/home'));
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(on('platform.localhost', '/in/en/signup'));
  await expect(page.getByLabel('Business name')).toBeVisible();
});

test('Turkey, Indonesia and Malaysia are markets: their pages answer in Turkish, Indonesian and Malay', async ({ page }) => {
  for (const [path, lang] of [
    ['/tr/tr', 'tr'],
    ['/id/id', 'id'],
    ['/my/ms', 'ms'],
  ]) {
    await page.goto(on('platform.localhost', path));
    await expect(page).toHaveURL(on('platform.localhost', path));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }
});

test.describe('the console on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('Help is in the menu; every section but the home has a Back link to the console home', async ({ page }) => {
    await partnerLogin(page, 'dispatch@meridiancabs.example');
    // the home is where Back leads: it has none
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('dialog', { name: 'Console menu' }).getByRole('link', { name: 'Help', exact: true }).click();
    await expect(page).toHaveURL(/\/in\/en\/travel\/help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add a vehicle', exact: true })).toHaveAttribute('href', '/in/en/travel/vehicles');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/in\/en\/travel\/home$/);
  });
});

test.describe('the console on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

  test("Help is the sidebar's last entry, and the sidebar replaces the Back link", async ({ page }) => {
    await partnerLogin(page, 'night@meridiancabs.example');
    const sidebar = page.locator('aside').getByRole('navigation', { name: 'Console menu' });
    await expect(sidebar.getByRole('link').last()).toHaveText('Help');
    await sidebar.getByRole('link', { name: 'Help', exact: true }).click();
    await expect(page).toHaveURL(/\/in\/en\/travel\/help$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Your first steps' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toBeHidden();
  });
});
