import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeFromMail, mailCount } from './support/codes';
import { inIndia } from './support/booking';
import { ApiClient } from './support/xss-api';

/*
 * Issue 13 part A: a new operator signs up, sets its logo, brand colour, three
 * service cities and a support phone in Business settings; its rider site on
 * {slug}.localhost shows them at once, its place pages and sitemap list exactly
 * those cities (a removed one answers 404 and leaves the sitemap), its pages
 * share a raster image, and the demo operator's pages are unchanged.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SLUG = 'sunrise-cabs-coimbatore';
const SITE = `http://${SLUG}.localhost:${PORT}`;
const DEMO = `http://localhost:${PORT}`;
const EMAIL = 'owner@sunrisecabs.example';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><circle cx="128" cy="128" r="120" fill="#f59e0b"/><path d="M40 160h176" stroke="#7c2d12" stroke-width="24"/></svg>`;

async function signUp(page: Page) {
  // new operators sign up on the platform's own host
  await page.goto(`http://platform.localhost:${PORT}/in/en/signup`);
  await page.getByLabel('Business name').fill('Sunrise Cabs Coimbatore');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Phone number', { exact: true }).fill('9876543100');
  const sent = await mailCount(page.request, EMAIL);
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the code' });
  await dialog.getByLabel('6-digit code').fill(await codeFromMail(page.request, EMAIL, sent));
  await expect(page).toHaveURL(`${SITE}/in/en/travel/home`, { timeout: 15_000 });
}

/** GET on an origin through localhost with its Host header (Node does not resolve *.localhost as browsers do). */
function get(request: APIRequestContext, url: string) {
  const { host, pathname, search } = new URL(url);
  return request.get(`http://localhost:${PORT}${pathname}${search}`, { headers: { host }, maxRedirects: 0 });
}

async function sitemapPlaces(request: APIRequestContext, origin: string): Promise<string[]> {
  const index = await (await get(request, `${origin}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const places = new Set<string>();
  for (const file of files) {
    // the demo's public origin is MAIN_HOST; its files are asked on the host given
    const xml = await (await get(request, `${origin}${new URL(file).pathname}`)).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const slug = /\/in\/en\/place\/([^/]+)$/.exec(loc)?.[1];
      if (slug) places.add(slug);
    }
  }
  return [...places].sort();
}

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('a new operator sets logo, colour, cities and phone; its rider site, place pages and sitemap follow; the demo operator is unchanged', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const demoPlacesBefore = await sitemapPlaces(request, DEMO);
    expect(demoPlacesBefore.length).toBeGreaterThan(3);

    await signUp(page);
    // the first-run checklist on the overview
    const checklist = page.getByRole('region', { name: 'Get your business ready' });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('0 of 6 done')).toBeVisible();
    await checklist.getByRole('link', { name: 'Upload your logo' }).click();
    await expect(page).toHaveURL(`${SITE}/in/en/travel/settings`);
    await expect(page.getByRole('heading', { name: 'Business settings', level: 1 })).toBeVisible();

    // support phone
    const details = page.getByRole('region', { name: 'Business details' });
    await details.getByLabel('Support phone (+91)').fill('98765 43210');
    await details.getByLabel('Support e-mail').fill('not-an-email');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(details.getByText('Enter a valid e-mail')).toBeVisible();
    await details.getByLabel('Support e-mail').fill('desk@sunrisecabs.example');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Details saved. Your site shows them now.')).toBeVisible();

    // logo: a script-carrying SVG is refused, a clean one stored
    const logo = page.getByRole('region', { name: 'Logo' });
    await logo
      .getByLabel('Logo file')
      .setInputFiles({ name: 'bad.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO_SVG.replace('<circle', '<script>alert(1)</script><circle')) });
    await logo.getByRole('button', { name: 'Upload logo' }).click();
    await expect(logo.getByRole('alert')).toHaveText('The SVG carries script or event handlers, which a logo may not have.');
    await logo.getByLabel('Logo file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO_SVG) });
    await logo.getByRole('button', { name: 'Upload logo' }).click();
    await expect(page.getByText('Logo saved. Your site and app icons use it now.')).toBeVisible();
    await expect(logo.getByRole('img', { name: 'Your logo' })).toHaveAttribute('src', new RegExp(`^/media/${SLUG}/brand/[0-9a-f-]{36}\\.svg$`));

    // brand colour: a light amber fails with white text; take the suggested shade
    const colour = page.getByRole('region', { name: 'Brand colour' });
    await colour.getByLabel('Colour code').fill('#f59e0b');
    await expect(colour.getByRole('alert')).toContainText('below the 4.5:1 WCAG AA needs');
    await colour.getByRole('button', { name: 'Save colour' }).click();
    await expect(colour.getByRole('alert')).toContainText('The nearest passing shade is #');
    const suggestion = colour.getByRole('button', { name: /^Use #[0-9a-f]{6}$/ });
    const shade = (await suggestion.textContent())!.slice(4);
    await suggestion.click();
    await expect(colour.getByLabel('Colour code')).toHaveValue(shade);
    await colour.getByRole('button', { name: 'Save colour' }).click();
    await expect(page.getByText('Colour saved. Your site uses it now.')).toBeVisible();

    // three service cities from the gazetteer; Madurai becomes the main city
    const cities = page.getByRole('region', { name: 'Service cities' });
    for (const city of ['Coimbatore', 'Madurai', 'Salem']) {
      await cities.getByLabel('Search a city').fill(city);
      await cities
        .getByRole('button', { name: `Add ${city}` })
        .first()
        .click();
      await expect(cities.getByRole('list', { name: 'Service cities' }).getByText(city, { exact: true })).toBeVisible();
    }
    await cities.getByRole('button', { name: 'Make Madurai the main city' }).click();
    await expect(cities.getByRole('listitem').first()).toContainText('Madurai');
    await expect(cities.getByRole('listitem').first()).toContainText('Main city');

    // the rider site on the operator's host
    const rider = await page.context().newPage();
    await rider.goto(`${SITE}/in/en/user/home`);
    const brand = rider.getByRole('link', { name: /Sunrise Cabs Coimbatore/ }).first();
    await expect(brand.locator('img')).toHaveAttribute('src', new RegExp(`^/media/${SLUG}/brand/[0-9a-f-]{36}\\.svg$`));
    expect(await rider.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())).toBe(shade);
    const cityList = rider.getByRole('region', { name: 'Cities we serve' }).or(rider.locator('section[aria-labelledby="cities"]'));
    for (const city of ['Madurai', 'Coimbatore', 'Salem']) await expect(cityList.getByRole('link', { name: city, exact: true })).toBeVisible();
    await expect(rider.getByRole('link', { name: /\+91 9876543210/ }).first()).toBeVisible();
    // share image: a 1200x630 PNG
    await rider.goto(`${SITE}/in/en/place/coimbatore`);
    const og = await rider.locator('meta[property="og:image"]').first().getAttribute('content');
    expect(og).toMatch(new RegExp(`/media/${SLUG}/share/place-en-[0-9a-f]{8}\\.png$`));
    const image = await get(request, og!.replace(/^https?:\/\/[^/]+/, SITE));
    expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png']);
    const png = await image.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    // place pages and sitemap: exactly those cities
    expect(await sitemapPlaces(request, SITE)).toEqual(['coimbatore', 'madurai', 'salem']);
    for (const city of ['coimbatore', 'madurai', 'salem']) expect((await get(request, `${SITE}/in/en/place/${city}`)).status()).toBe(200);
    expect((await get(request, `${SITE}/in/en/place/chennai`)).status()).toBe(404);

    // removing a city: its pages answer 404 and it leaves the sitemap
    await cities.getByRole('button', { name: 'Remove Salem' }).click();
    await expect(page.getByText('Cities saved. Your place pages and sitemap list them now.')).toBeVisible();
    await expect(cities.getByRole('list', { name: 'Service cities' }).getByText('Salem', { exact: true })).toBeHidden();
    expect((await get(request, `${SITE}/in/en/place/salem`)).status()).toBe(404);
    expect(await sitemapPlaces(request, SITE)).toEqual(['coimbatore', 'madurai']);
    await rider.goto(`${SITE}/in/en/user/home`);
    await expect(cityList.getByRole('link', { name: 'Salem', exact: true })).toBeHidden();

    // the checklist counts logo and cities as done
    await page.goto(`${SITE}/in/en/travel/home`);
    await expect(page.getByRole('region', { name: 'Get your business ready' }).getByText('2 of 6 done')).toBeVisible();

    // the operator's own ride numbers: its first booking is ride #1, whatever the demo operator has booked
    const booker = new ApiClient(`${SLUG}.localhost`);
    expect((await booker.signInRider('9840077801', 'First Rider')).status).toBe(200);
    const day = inIndia(2);
    const quote = await booker.post('/api/rides/quote', {
      rideType: 'oneway',
      tripKind: 'outstation',
      pickupLocation: { lat: 11.0168, lng: 76.9558, name: 'Coimbatore' },
      dropoffLocation: { lat: 9.9252, lng: 78.1198, name: 'Madurai' },
      pickupTime: `${day}T09:00:00+05:30`,
    });
    expect(quote.status).toBe(200);
    const rideSearchId = (quote.json.data as { ride_search_id: string }).ride_search_id;
    const booked = await booker.post('/api/rides', { rideSearchId, rideVehicle: 'sedan', idempotencyKey: `first-ride-${Date.now()}`, paymentMethod: 'cash' });
    expect(booked.status).toBe(201);
    expect((booked.json.data as { id: number }[])[0].id).toBe(1);
    await page.goto(`${SITE}/in/en/travel/rides`);
    await page.getByLabel('From', { exact: true }).fill(day);
    await page.getByLabel('To', { exact: true }).fill(day);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByRole('row', { name: 'Ride #1', exact: true })).toContainText('Booked');
    await expect(page.getByText(/^1 ride with a pickup on /)).toBeVisible();

    // the demo operator's pages are unchanged
    expect(await sitemapPlaces(request, DEMO)).toEqual(demoPlacesBefore);
    await rider.goto(`${DEMO}/in/en/user/home`);
    expect(await rider.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())).toBe('#0f766e');
    await expect(
      rider
        .getByRole('link', { name: /Meridian Cabs/ })
        .first()
        .locator('img'),
    ).toHaveAttribute('src', '/brand/meridian-logo.svg');
    // the demo's own Coimbatore page stays; Salem, added and removed by the new operator, was never the demo's
    expect((await get(request, `${DEMO}/in/en/place/coimbatore`)).status()).toBe(200);
    expect((await get(request, `${DEMO}/in/en/place/salem`)).status()).toBe(404);
  });
});
