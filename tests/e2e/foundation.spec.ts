import { expect, test } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const on = (host: string, path = '/') => `http://${host}:${PORT}${path}`;

test.describe('host modes and locale routing', () => {
  test('the root redirects to the home of each host mode', async ({ page }) => {
    // The redirect itself is read (a console home then sends a signed-out visitor on to its login).
    const rootGoesTo = async (host: string) => {
      // Node does not resolve *.localhost as browsers do: ask loopback and name the host in the Host header
      const answer = await page.request.get(on('localhost'), { maxRedirects: 0, headers: { host: `${host}:${PORT}` } });
      expect(answer.status(), host).toBeGreaterThanOrEqual(300);
      expect(answer.status(), host).toBeLessThan(400);
      return new URL(answer.headers().location, on('localhost')).pathname;
    };
    expect(await rootGoesTo('localhost')).toBe('/in/en/user/home');
    expect(await rootGoesTo('main.localhost')).toBe('/in/en/user/home');
    // an operator's hosts go to its own country (acme is in the UAE), whatever the platform's default market
    expect(await rootGoesTo('acme.localhost')).toBe('/ae/en/travel/home');
    expect(await rootGoesTo('acme.biz.localhost')).toBe('/ae/en/business/home');
    // the platform's own host: its landing (the sales page), never an operator's rider site
    expect(await rootGoesTo('platform.localhost')).toBe('/in/en');
    // and a rider who follows the redirect lands on the rider home
    await page.goto(on('localhost'));
    await expect(page).toHaveURL(on('localhost', '/in/en/user/home'));
  });

  test('/in/en renders English', async ({ page }) => {
    await page.goto(on('platform.localhost', '/in/en'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your own taxi booking site, driver app and AI agent');
  });

  test('/ae/ar renders Arabic right to left', async ({ page }) => {
    await page.goto(on('platform.localhost', '/ae/ar'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toMatch(/[\u0600-\u06FF]/);
  });

  test('a language not listed for the country falls back to its first language', async ({ page }) => {
    await page.goto('/us/hi');
    // /us/en on an operator's site is its rider home (issue 20 item 6)
    await expect(page).toHaveURL(/\/us\/en\/user\/home$/);
  });

  test('an unprefixed path follows Accept-Language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ta-IN' });
    const page = await context.newPage();
    await page.goto('/user/home');
    await expect(page).toHaveURL(/\/in\/ta\/user\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await context.close();
  });

  test("an unknown path is the host's own 404: the rider's on an operator's site, the platform's on its host (issue 20 item 6)", async ({ page }) => {
    const rider = await page.goto('/in/en/no/such/page');
    expect(rider?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('link', { name: 'Meridian Cabs home' })).toBeVisible();
    const platform = await page.goto(on('platform.localhost', '/in/en/no/such/page'));
    expect(platform?.status()).toBe(404);
    await expect(page.getByRole('link', { name: 'Travelsx home' })).toBeVisible();
  });

  test('the language selector switches language and is remembered', async ({ page }) => {
    await page.goto('/in/en/user/home');
    await page.getByLabel('Language').selectOption('ta-IN');
    await expect(page).toHaveURL(/\/in\/ta\/user\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await page.goto('/user/support');
    await expect(page).toHaveURL(/\/in\/ta\/user\/support$/);
  });

  test('a language picked before the page has its scripts (a slow phone) is still switched to once they run', async ({ page }) => {
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto('/in/en/user/home', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Language').selectOption('ta-IN');
    await expect(page).toHaveURL(/\/in\/ta\/user\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  });
});

test.describe('tenants', () => {
  test('two tenants on two hosts show their own names and never each other’s', async ({ page }) => {
    await page.goto(on('localhost', '/in/en/user/home'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a taxi with Meridian Cabs');
    expect(await page.content()).not.toContain('Acme Desert Rides');

    await page.goto(on('acme.localhost', '/ae/en/user/home'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a taxi with Acme Desert Rides');
    const html = await page.content();
    expect(html).not.toContain('Meridian Cabs');
    await expect(page.getByRole('link', { name: /\+971 501234567/ }).first()).toBeVisible();
  });

  test('an unknown subdomain shows no tenant', async ({ page }) => {
    const response = await page.goto(on('nobody.localhost', '/in/en/user/home'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No travel site here');
  });

  test('the business data call answers for the host tenant only', async ({ request }) => {
    const demo = await (await request.get(on('localhost', '/api/business'))).json();
    // Node does not resolve *.localhost as browsers do: ask loopback with the tenant's Host header.
    const acme = await (await request.get(on('localhost', '/api/business'), { headers: { host: `acme.localhost:${PORT}` } })).json();
    expect(demo.data.business_name).toBe('Meridian Cabs');
    expect(acme.data).toMatchObject({ business_name: 'Acme Desert Rides', business_country_code: 'ae', phone_code: '971' });
  });
});

test.describe('pages', () => {
  test('the rider home shows the brand, footer links and real contact channels', async ({ page }) => {
    await page.goto('/in/en/user/home');
    await expect(page.getByRole('link', { name: 'Meridian Cabs home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call +91 9876543210' }).first()).toHaveAttribute('href', 'tel:+919876543210');
    await expect(page.getByRole('link', { name: 'Book on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/919876543210\?text=/);
    // the service cities (the home's blog cards may name Chennai too)
    await expect(page.getByRole('listitem').filter({ hasText: /^Chennai$/ })).toBeVisible();
    await page.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/in\/en\/user\/privacy\/policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect(page.getByText('hello@meridiancabs.example').first()).toBeVisible();
  });

  test('terms and support pages carry the tenant', async ({ page }) => {
    await page.goto('/in/en/user/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    await expect(page.getByText(/Meridian Cabs operates the rides/)).toBeVisible();
    await page.goto('/in/en/user/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How can we help?');
    await page.getByText('How is my fare calculated?').click();
    await expect(page.getByText(/plus the driver allowance/)).toBeVisible();
  });
});

test.describe('bad input never reaches a 500', () => {
  const paths = [
    '/in/en/%ff%fe',
    '/%E0%A4%A',
    `/in/en/${'x'.repeat(5000)}`,
    '/zz/qq/user/home',
    '/in/e/user/home',
    '/in/en/<script>alert(1)</script>',
    '/in/en/..%2f..%2fetc%2fpasswd',
    '/in/en/user/home?x=%00',
  ];
  for (const path of paths) {
    test(`GET ${path.slice(0, 40)}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      // badly encoded paths are refused at the edge with 400 (lib/http/edge.ts)
      expect([200, 307, 308, 400, 404]).toContain(response.status());
    });
  }

  test('a malformed Host header gets a 404 page', async ({ request }) => {
    for (const host of ['bad..host', 'exa mple', '-x-.localhost']) {
      const response = await request.get('/in/en', { headers: { host }, maxRedirects: 0 });
      expect(response.status()).toBe(404);
    }
  });
});
