import { chromium, expect, test, type Page } from '@playwright/test';
import { fillTrip, inIndia, tomorrowInIndia } from './support/booking';
import { expectNoSideScroll, expectRowFits, expectWordsWhole } from './support/layout';

/**
 * Issue 20 item 5 and the visual pass: on small phones (360×780, 412×915) in English, Tamil and
 * Arabic no rider page scrolls sideways, the operator's name is whole and on screen, and the
 * active booking tab is on screen and uncut; the vehicle step has vehicle pictures and a map:
 * the open-data map when its style loads (a stand-in style served by this test), else the
 * route sketch, which says it is a sketch.
 */
const SIZES = [
  { width: 360, height: 780 },
  { width: 412, height: 915 },
];
const MARKETS = [
  { prefix: '/in/en', locale: 'en-IN' },
  { prefix: '/in/ta', locale: 'ta-IN' },
  { prefix: '/ae/ar', locale: 'ar-AE' },
];
const RIDER_PAGES = [
  '/user/home',
  '/user/form/taxi/booking',
  '/user/ai/taxi/booking',
  '/user/whatsapp/taxi/booking',
  '/user/rides',
  '/user/wallet',
  '/user/profile',
  '/user/support',
  '/contact-us',
  '/ride/summary',
];
const BRAND = 'Meridian Cabs';

/** Inside the viewport and not cut (its text fits its box). */
async function expectWholeOnScreen(page: Page, selector: string, what: string) {
  const box = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return {
        left: rect.left,
        right: rect.right,
        top: rect.top,
        bottom: rect.bottom,
        cut: element.scrollWidth > element.clientWidth + 1,
        view: window.innerWidth,
        height: window.innerHeight,
      };
    });
  expect(box.left, `${what} starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${what} ends off screen`).toBeLessThanOrEqual(box.view);
  expect(box.top, `${what} is above the screen`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${what} is below the first screen`).toBeLessThanOrEqual(box.height);
  expect(box.cut, `${what} is cut`).toBe(false);
}

for (const size of SIZES) {
  for (const market of MARKETS) {
    test(`rider pages at ${size.width}×${size.height} in ${market.prefix}: no sideways scroll, brand and active tab whole`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport: size, isMobile: true, hasTouch: true, locale: market.locale });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const path of RIDER_PAGES) {
        await page.goto(market.prefix + path);
        await expect(page.locator('header').first()).toBeVisible();
        const brand = page.locator('header').getByText(BRAND, { exact: true });
        await expect(brand).toBeVisible();
        await expectWholeOnScreen(page, `header :text-is("${BRAND}")`, `${path}: the brand`);
        await expectNoSideScroll(page, path);
        // No word of the page is split across lines (not measured in Tamil: see the booking tabs below).
        if (market.prefix !== '/in/ta') await expectWordsWhole(page.locator('main'), path);
      }
      for (const path of ['/user/home', '/user/form/taxi/booking']) {
        await page.goto(market.prefix + path);
        const active = page.locator('main nav a[aria-current="page"]');
        await expect(active).toBeVisible();
        await expectWholeOnScreen(page, 'main nav a[aria-current="page"]', `${path}: the active tab`);
        // Every tab of the three is on screen, not only the active one, and no label word is split ("WhatsAp|p").
        for (const tab of await page.locator('main nav a').all()) {
          const rect = (await tab.boundingBox())!;
          expect(rect.x).toBeGreaterThanOrEqual(0);
          expect(rect.x + rect.width).toBeLessThanOrEqual(size.width);
        }
        // (Not measured in Tamil: this machine has no Tamil font, so its words render as fallback boxes wider than a phone's glyphs.)
        if (market.prefix !== '/in/ta') await expectWordsWhole(page.locator('main nav a'), `${path}: the booking tabs`);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}

/**
 * Issue 37 item 3: at 360×780 the booking form's date and time rows (pickup, and return on a return ride) fit the form,
 * in English and in Arabic (right to left), with a date and the widest time chosen, and the page never scrolls sideways.
 */
for (const market of MARKETS.filter((m) => m.prefix !== '/in/ta')) {
  test(`the booking form at 360×780 in ${market.prefix}: no sideways scroll, the date and time rows fit`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, locale: market.locale });
    const page = await context.newPage();
    await page.goto(`${market.prefix}/user/home`);
    const form = page.locator('form').filter({ has: page.locator('input[type="date"]') });
    // hydrated: the line under Continue is the client's
    await expect(form.getByTestId('continue-needs')).toBeVisible();
    await form.locator('input[type="radio"][value="return"]').check();
    const dates = form.locator('input[type="date"]');
    await expect(dates).toHaveCount(2);
    await dates.nth(0).fill(tomorrowInIndia());
    await dates.nth(1).fill(inIndia(2));
    for (const [index, what] of ['pickup date and time', 'return date and time'].entries()) {
      const row = dates.nth(index).locator('xpath=../..');
      // the widest label of the quarter hours ("12:45 PM" in English)
      const time = row.locator('select');
      const widest = await time.evaluate(
        (select: HTMLSelectElement) => [...select.options].filter((o) => /\d/.test(o.text)).reduce((a, b) => (b.text.length > a.text.length ? b : a)).value,
      );
      await time.selectOption(widest);
      await expectRowFits(row, form, `${market.prefix}: ${what}`);
    }
    await expectNoSideScroll(page, `${market.prefix}/user/home with the booking form filled`);
    await context.close();
  });
}

test('the vehicle step at 360 px: vehicle pictures, and the route sketch labelled as a sketch when the map cannot load', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, locale: 'en-IN' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const win = window as unknown as { __shift: number };
    win.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) win.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // This machine has no internet: the default open style (OpenFreeMap) cannot load, so the sketch stays. As on
  // a slow phone network, the style request fails only after a while, so the page is drawn while the map loads.
  await page.route('https://tiles.openfreemap.org/**', (route) => void setTimeout(() => void route.abort('internetdisconnected').catch(() => {}), 1_500));
  // The fares, too, arrive late (a busy server, a slow network): the step is drawn while they load, and their
  // arrival must move nothing already on screen (the footer and Continue stay below the loading cards).
  await page.route('**/api/rides/quote', (route) => void setTimeout(() => void route.continue().catch(() => {}), 1_500));
  await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
  await page.evaluate(() => ((window as unknown as { __shift: number }).__shift = 0));
  await expect(page.getByRole('status').filter({ hasText: 'Loading vehicles...' })).toBeVisible();
  const radios = page.getByRole('radio');
  await expect(radios.first()).toBeVisible();
  const pictures = page.locator('img[data-vehicle-picture]');
  await expect(pictures).toHaveCount(await radios.count());
  for (const picture of await pictures.all()) {
    // Lazily loaded pictures: each arrives once scrolled to.
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  expect(await page.locator('img[data-vehicle-picture="sedan"]').getAttribute('src')).toBe('/vehicles/sedan.svg');
  await expect(page.locator('[data-open-map="failed"]')).toBeAttached({ timeout: 20_000 });
  // Nothing on the step moved while the map tried to load and gave up (layout shift, as Lighthouse's CLS counts it).
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.02);
  await expect(page.getByText('Sketch, not a map')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Route from/ })).toBeVisible();
  await expectNoSideScroll(page, 'vehicles');
  await radios.first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ride\/summary$/);
  await expectNoSideScroll(page, 'summary');
  await context.close();
});

/** A MapLibre style standing in for OpenFreeMap's: a background and a source with its attribution. */
const STAND_IN_STYLE = {
  version: 8,
  name: 'stand-in',
  sources: {
    land: {
      type: 'geojson',
      attribution: '© Stand-in map data',
      data: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [76, 11],
                  [82, 11],
                  [82, 15],
                  [76, 15],
                  [76, 11],
                ],
              ],
            },
          },
        ],
      },
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#dfe9e6' } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#c9dcd5' } },
  ],
};

test.describe('the open-data map', () => {
  test('with its style reachable, the vehicle step shows the MapLibre map with P and D and the attribution instead of the sketch', async () => {
    // WebGL in headless Chromium: software rendering (the suite's launch flags turn the GPU off).
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
    });
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-IN',
    });
    const page = await context.newPage();
    let styleAsked = 0;
    await page.route('https://tiles.openfreemap.org/**', (route) => {
      styleAsked += 1;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify(STAND_IN_STYLE),
      });
    });
    await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
    await expect(page.locator('[data-open-map="ready"]')).toBeAttached({ timeout: 30_000 });
    expect(styleAsked).toBeGreaterThan(0);
    await expect(page.locator('.maplibregl-canvas')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Route from/ })).toBeVisible();
    await expect(page.locator('.open-map-marker-pickup')).toHaveText('P');
    await expect(page.locator('.open-map-marker-dropoff')).toHaveText('D');
    await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('Stand-in map data');
    await context.close();
    await browser.close();
  });
});
