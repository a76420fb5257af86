import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeFromMail, mailCount } from './support/codes';
import { startDnsStandIn, type DnsStandIn } from './support/dns-stand-in';
import { payuRequests } from './support/payu-stand-in';

/*
 * Issue 13 §1-2 and issue 20 item 6, as users meet them: a new operator signs
 * up on the platform's host under the platform's name (never under another
 * operator's brand), a taken name is refused with a message, rider hosts keep
 * their own home and 404, and the operator connects its own domain (DNS
 * records, Verify against a DNS server on loopback, 308 from the old host,
 * canonicals and robots on the domain) and its own PayU account.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const origin = (host: string) => `http://${host}:${PORT}`;
const PLATFORM = origin('platform.localhost');
const NAME = 'Moonrise Cabs Salem';
const SLUG = 'moonrise-cabs-salem';
const EMAIL = 'owner@moonrisecabs.example';
const DOMAIN = 'moonrise-e2e.test';
/** PayU's stand-in, the e2e server's PAYU_VERIFY_URL (playwright.config.ts). */
const PAYU = `http://127.0.0.1:${Number(process.env.E2E_GATEWAY_PORT ?? 2530)}`;

/** Node does not resolve *.localhost (or our test domain): ask loopback with the Host header. */
const viaHost = (request: APIRequestContext, host: string, path: string) =>
  request.get(`http://127.0.0.1:${PORT}${path}`, { headers: { host }, maxRedirects: 0 });

/** Signs in by e-mail code on `host`'s login page and waits for the console home (on the same host, or the one it hands over to). */
async function consoleLogin(page: Page, host: string, email: string, home: string) {
  await page.goto(`${origin(host)}/in/en/travel/login`);
  await page.getByLabel('E-mail').fill(email);
  const sent = await mailCount(page.request, email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('dialog', { name: 'Enter the code' })
    .getByLabel('6-digit code')
    .fill(await codeFromMail(page.request, email, sent));
  await expect(page).toHaveURL(`${origin(home)}/in/en/travel/home`, { timeout: 15_000 });
}

let dns: DnsStandIn;
test.beforeAll(async () => {
  dns = await startDnsStandIn(PORT + 11);
});
test.afterAll(async () => {
  await dns?.close();
});

test.describe.configure({ mode: 'serial' });

test("an operator's rider host keeps riders on its rider site: /in/en and /signup lead to the rider home, a mistyped path is its 404", async ({ page }) => {
  await page.goto('/in/en');
  await expect(page).toHaveURL(/\/in\/en\/user\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a taxi with Meridian Cabs');
  await page.goto('/in/en/signup');
  await expect(page).toHaveURL(/\/in\/en\/user\/home$/);
  expect(await page.content()).not.toContain('Your own taxi booking site');
  const missing = await page.goto('/in/en/no-such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Meridian Cabs home' })).toBeVisible();
});

test('a new operator signs up on the platform host under the platform name; the same name again is refused with a message', async ({ page }) => {
  await page.goto(PLATFORM);
  await expect(page).toHaveURL(`${PLATFORM}/in/en`);
  await expect(page.getByRole('link', { name: 'Travelsx home' })).toBeVisible();
  await page.getByRole('link', { name: 'For operators' }).first().click();
  await expect(page).toHaveURL(`${PLATFORM}/in/en/signup`);
  await page.getByLabel('Business name').fill(NAME);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Phone number', { exact: true }).fill('9876512121');
  const sent = await mailCount(page.request, EMAIL);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromMail(page.request, EMAIL, sent);
  const mails: { raw: string }[] = await (
    await page.request.get(`http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT ?? 2526}/messages?to=${encodeURIComponent(EMAIL)}`)
  ).json();
  expect(mails.at(-1)!.raw).toMatch(/Subject: .*Travelsx/);
  expect(mails.at(-1)!.raw).not.toContain('Meridian');
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('6-digit code').fill(code);
  await expect(page).toHaveURL(`${origin(`${SLUG}.localhost`)}/in/en/travel/home`, { timeout: 15_000 });

  const again = await page.context().newPage();
  await again.goto(`${PLATFORM}/in/en/signup`);
  await again.getByLabel('Business name').fill('moonrise cabs  SALEM');
  await again.getByLabel('E-mail').fill('other@moonrisecabs.example');
  await again.getByLabel('Phone number', { exact: true }).fill('9876512122');
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(again.getByRole('alert').filter({ hasText: 'Another operator already uses this business name. Choose another one.' })).toBeVisible();
  await expect(again.getByRole('dialog', { name: 'Enter the code' })).toHaveCount(0);
  await again.close();
});

test('an existing operator signs in on the platform host and continues on its own console host', async ({ page }) => {
  await consoleLogin(page, 'platform.localhost', 'hello@meridiancabs.example', 'demo.localhost');
  await expect(page.getByRole('heading', { name: 'Business Overview' })).toBeVisible();
});

test('the operator connects its own domain (DNS records, a refused check, Verify; the old host answers 308, the domain serves the site) and its own PayU account', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // (its code for the platform's host was sent moments ago at signup: a new one there waits 30 s, so it signs in on its console host)
  await consoleLogin(page, `${SLUG}.localhost`, EMAIL, `${SLUG}.localhost`);

  // (a phone: the sections are in the drawer)
  await page.goto(`${origin(`${SLUG}.localhost`)}/in/en/travel/domain`);
  await expect(page.getByRole('heading', { name: 'Domain', level: 1 })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Your domain' });
  await field.fill('https://bad domain');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a domain name such as cabs.example' })).toBeVisible();
  await field.fill(DOMAIN);
  await page.getByRole('button', { name: 'Save' }).click();
  const records = page.getByRole('table');
  await expect(records.getByRole('row', { name: /CNAME/ })).toContainText('platform.localhost');
  const txt = await records.getByRole('row', { name: /TXT/ }).getByRole('cell').nth(2).innerText();
  expect(txt).toMatch(/^travelsx-verify=\S+$/);

  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The DNS says this name does not exist' })).toBeVisible({ timeout: 15_000 });
  dns.zone.set(`_travelsx-verify.${DOMAIN}`, { txt: [[txt.trim()]] });
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Verified: your rider site is served at ${DOMAIN}.`)).toBeVisible({ timeout: 15_000 });
  expect(dns.queries).toContain(`_travelsx-verify.${DOMAIN}`);

  // the old host sends riders and crawlers to the same path on the domain; the console stays
  await expect
    .poll(async () => (await viaHost(request, `${SLUG}.localhost:${PORT}`, '/in/en/user/home?utm_source=x')).headers().location, { timeout: 40_000 })
    .toBe(`https://${DOMAIN}/in/en/user/home?utm_source=x`);
  expect((await viaHost(request, `${SLUG}.localhost:${PORT}`, '/in/en/user/home')).status()).toBe(308);
  expect((await viaHost(request, `${SLUG}.localhost:${PORT}`, '/robots.txt')).headers().location).toBe(`https://${DOMAIN}/robots.txt`);
  expect((await viaHost(request, `${SLUG}.localhost:${PORT}`, '/in/en/travel/domain')).status()).toBe(200);
  // the domain serves the operator's rider site, with canonicals and robots there (pages rendered while the
  // middleware still held the old host are rendered afresh once its host cache has expired)
  const home = await viaHost(request, DOMAIN, '/in/en/user/home');
  expect(home.status()).toBe(200);
  const html = await home.text();
  expect(html).toContain(NAME);
  expect(html).not.toContain('Meridian Cabs');
  await expect
    .poll(async () => /rel="canonical" href="([^"]+)"/.exec(await (await viaHost(request, DOMAIN, '/in/en/user/home')).text())?.[1], { timeout: 40_000 })
    .toBe(`https://${DOMAIN}/in/en/user/home`);
  expect(await (await viaHost(request, DOMAIN, '/robots.txt')).text()).toContain(`Sitemap: https://${DOMAIN}/sitemap.xml`);

  // its own PayU account: the salt comes back masked, and Test connection says what PayU answered
  await page.goto(`${origin(`${SLUG}.localhost`)}/in/en/travel/integrations`);
  const payu = page.getByRole('form', { name: 'PayU card payments' });
  await expect(payu).toBeVisible();
  // the server runs as the demo start does, under a key generated into its data directory: no development-key warning
  await expect(page.getByText("Your secrets are sealed with the platform's built-in development key")).toHaveCount(0);
  await payu.getByLabel('Merchant key').fill('bad key!');
  await payu.getByLabel('Salt').fill('MoonriseSalt42xyz');
  await payu.getByRole('button', { name: 'Save' }).click();
  await expect(payu.getByRole('alert')).toHaveText('Enter the merchant key from PayU: letters and digits only.');
  await payu.getByLabel('Merchant key').fill('MoonKey01');
  await payu.getByLabel('Salt').fill('MoonriseSalt42xyz');
  await payu.getByRole('button', { name: 'Save' }).click();
  await expect(payu.getByText('Saved: ••••••••2xyz. Leave empty to keep it.')).toBeVisible();
  expect(await page.content()).not.toContain('MoonriseSalt42xyz');
  // Test connection asks PayU's postservice (its stand-in, tests/e2e/support/payu-stand-in.ts): a key PayU does not know is named
  // as such; once PayU holds this merchant with this salt, the same check passes, signed with the saved salt.
  const asked = (await payuRequests(PAYU)).service.length;
  await payu.getByRole('button', { name: 'Test connection' }).click();
  await expect(payu.getByText('Connection failed: PayU does not know this merchant key.')).toBeVisible({ timeout: 30_000 });
  await fetch(`${PAYU}/_merchants`, { method: 'POST', body: JSON.stringify({ key: 'MoonKey01', salt: 'MoonriseSalt42xyz' }) });
  await payu.getByRole('button', { name: 'Test connection' }).click();
  await expect(payu.getByText('Connection works: Connected: PayU accepted the merchant key and the salt.')).toBeVisible({ timeout: 30_000 });
  const calls = (await payuRequests(PAYU)).service.slice(asked);
  expect(calls.map(({ key, command, keyKnown, hashOk }) => ({ key, command, keyKnown, hashOk }))).toEqual([
    { key: 'MoonKey01', command: 'verify_payment', keyKnown: 'no', hashOk: 'no' },
    { key: 'MoonKey01', command: 'verify_payment', keyKnown: 'yes', hashOk: 'yes' },
  ]);
});
