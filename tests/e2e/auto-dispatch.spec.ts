import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { codeFromOutbox } from './support/codes';
import { confirmation, fillTrip, pickVehicle, signInInSheet } from './support/booking';
import { partnerLogin } from './support/partner';

/*
 * Issue 31 "Done when": an operator in automatic mode; a rider books; two
 * drivers are online in two browser contexts; the nearer one gets the offer
 * and lets it run out, the other accepts; the rider's page shows the driver;
 * the console's map shows both drivers moving and the ride's state, live.
 * The ride is booked "Now", so nothing depends on the hour of day.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SWIFT = `http://swift.localhost:${PORT}`;
const PARTNER_EMAIL = 'ops@swift-cabs.example';
const STAMP = String(Date.now()).slice(-5);
/** Chennai's pickup is the gazetteer's city point; Near waits 0.5 km from it, Far 7 km. */
const NEAR = { latitude: 13.0923, longitude: 80.2785 };
const NEAR_MOVED = { latitude: 13.0941, longitude: 80.2799 };
const FAR = { latitude: 13.1508, longitude: 80.2785 };
// each move is one a car can make in the seconds between two fixes (faster ones are refused as jumps: lib/dispatch/positions.ts)
const FAR_MOVED = { latitude: 13.1487, longitude: 80.2787 };
const OFFER_SECONDS = 10;

type TestDriver = { name: string; phone: string; e164: string; at: { latitude: number; longitude: number } };
const near: TestDriver = { name: `Near Nila ${STAMP}`, phone: `95100${STAMP}`, e164: `+9195100${STAMP}`, at: NEAR };
const far: TestDriver = { name: `Far Faisal ${STAMP}`, phone: `95200${STAMP}`, e164: `+9195200${STAMP}`, at: FAR };

const phoneContext = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, baseURL: SWIFT };

/** Adds a verified driver with a sedan of their own, through the console's API as the signed-in partner. */
async function addDriver(desk: Page, driver: TestDriver, plate: string) {
  // from the console page itself: Node does not resolve *.localhost as the browser does, and the session cookie is the page's
  const call = (method: 'POST' | 'PATCH', path: string, data: unknown) =>
    desk.evaluate(
      async ([m, url, body]) => {
        const res = await fetch(url, { method: m, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, json: (await res.json().catch(() => null)) as { data?: { id: number } } | null };
      },
      [method, path, data] as const,
    );
  const added = await call('POST', '/api/partner/drivers', { name: driver.name, phone: { dialCode: '91', number: driver.phone }, place: 'Chennai' });
  expect(added.status).toBe(201);
  const id = added.json!.data!.id;
  const car = await call('POST', '/api/partner/vehicles', { vehicleType: 'sedan', model: 'Honda City', number: plate });
  expect(car.status).toBe(201);
  const vehicleId = car.json!.data!.id;
  expect((await call('PATCH', `/api/partner/drivers/${id}`, { action: 'verify' })).status).toBe(200);
  expect((await call('PATCH', `/api/partner/drivers/${id}`, { vehicleId })).status).toBe(200);
  return id;
}

/** A driver signs in on their phone (code from the operator's outbox) and switches online; the phone shares its position. */
async function driverOnline(browser: Browser, driver: TestDriver): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...phoneContext, permissions: ['geolocation'], geolocation: driver.at });
  const page = await context.newPage();
  await page.goto('/in/en/driver/home');
  await page.getByLabel('Phone number', { exact: true }).fill(driver.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromOutbox(page.request, SWIFT, driver.e164);
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('6-digit code').fill(code);
  await expect(page.getByRole('heading', { name: 'Your current rides' })).toBeVisible();
  await page.getByRole('switch', { name: 'Available for rides' }).click();
  await expect(page.getByText('You are online: your operator can give you rides.')).toBeVisible();
  await expect(page.getByText('Sharing your location with your operator.', { exact: false })).toBeVisible();
  return { context, page };
}

test.describe('automatic dispatch', () => {
  test('offers the ride to the nearer driver, moves on when the offer runs out, the other accepts; rider and map follow live', async ({ browser }) => {
    test.setTimeout(180_000);
    const consoleContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: SWIFT });
    const desk = await consoleContext.newPage();
    await partnerLogin(desk, PARTNER_EMAIL, SWIFT);

    // The operator turns automatic dispatch on, with a short countdown, on the Map page.
    await desk.goto('/in/en/travel/map');
    await expect(desk.getByRole('heading', { name: 'Fleet map', level: 1 })).toBeVisible();
    const settings = desk.getByRole('region', { name: 'Dispatch' });
    await settings.getByRole('radio', { name: /^Automatic/ }).check();
    await settings.getByLabel('Seconds a driver has to answer an offer').fill(String(OFFER_SECONDS));
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status')).toHaveText('Dispatch settings saved.');

    const nearId = await addDriver(desk, near, `TN10 N${STAMP}`);
    const farId = await addDriver(desk, far, `TN10 F${STAMP}`);

    const nearDriver = await driverOnline(browser, near);
    const farDriver = await driverOnline(browser, far);

    // The console's map lists both drivers, free, with a fresh position.
    const nearRow = desk.locator(`[data-driver-row="${nearId}"]`);
    const farRow = desk.locator(`[data-driver-row="${farId}"]`);
    await expect(nearRow).toHaveAttribute('data-state', 'free', { timeout: 15_000 });
    await expect(farRow).toHaveAttribute('data-state', 'free');
    await expect(nearRow).toContainText(/position \d+ s ago/);

    // A rider books a sedan now, on the operator's site.
    const riderContext = await browser.newContext(phoneContext);
    const rider = await riderContext.newPage();
    await fillTrip(rider, { from: 'Chennai', to: 'Bengaluru', time: 'Now' });
    await pickVehicle(rider, 'Sedan');
    await rider.getByRole('button', { name: 'Book now' }).click();
    await signInInSheet(rider, `98411 ${STAMP}`, 'Revathi Auto', SWIFT);
    const rideId = await confirmation(rider);

    // The nearer driver gets the offer with its countdown; the map shows them offered.
    const nearOffer = nearDriver.page.getByRole('region', { name: `New ride offer: #${rideId}` });
    await expect(nearOffer).toBeVisible({ timeout: 10_000 });
    await expect(nearOffer.getByRole('timer')).toHaveText(/\d+ s left to answer/);
    await expect(nearOffer).toContainText('Chennai');
    await expect(farDriver.page.getByRole('region', { name: /New ride offer/ })).toHaveCount(0);
    await expect(nearRow).toHaveAttribute('data-state', 'offered');

    // Both drivers move; the map's markers follow.
    const nearMarker = desk.locator(`circle[data-driver="${nearId}"]`);
    const farMarker = desk.locator(`circle[data-driver="${farId}"]`);
    // (the sketch fits every point, so the outermost marker keeps its edge: the marker's own position is what moves)
    await nearDriver.context.setGeolocation(NEAR_MOVED);
    await farDriver.context.setGeolocation(FAR_MOVED);
    await expect(nearMarker).toHaveAttribute('data-lat', String(NEAR_MOVED.latitude), { timeout: 10_000 });
    await expect(farMarker).toHaveAttribute('data-lat', String(FAR_MOVED.latitude), { timeout: 10_000 });

    // Near lets it run out; the offer goes to Far.
    await expect(nearOffer).toBeHidden({ timeout: (OFFER_SECONDS + 5) * 1000 });
    await expect(nearDriver.page.getByText('This offer has run out. The ride has gone to another driver.')).toBeVisible();
    const farOffer = farDriver.page.getByRole('region', { name: `New ride offer: #${rideId}` });
    await expect(farOffer).toBeVisible({ timeout: 10_000 });
    await expect(farRow).toHaveAttribute('data-state', 'offered');
    await farOffer.getByRole('button', { name: 'Accept' }).click();
    await expect(farDriver.page.getByText(`Ride #${rideId} is yours. It is in your current rides.`)).toBeVisible();
    await expect(farDriver.page.getByRole('article', { name: `Ride #${rideId}`, exact: true })).toContainText('Revathi Auto');

    // The map shows Far on the way with the ride, Near free again.
    await expect(farRow).toHaveAttribute('data-state', 'ontheway', { timeout: 10_000 });
    await expect(farRow).toContainText(`ride #${rideId}`);
    await expect(nearRow).toHaveAttribute('data-state', 'free');

    // The rider's track page shows the driver who accepted, with a call button and the arrival time.
    await rider.goto(`/in/en/track/driver?rideId=${rideId}`);
    await expect(rider.getByRole('heading', { name: `Ride #${rideId}` })).toBeVisible();
    await expect(rider.locator('dd').filter({ hasText: far.name })).toBeVisible();
    await expect(rider.getByRole('link', { name: `Call ${far.name}` })).toHaveAttribute('href', `tel:${far.e164}`);
    await expect(rider.getByText(/^Arrives in about \d+ min/)).toBeVisible();

    for (const context of [consoleContext, riderContext, nearDriver.context, farDriver.context]) await context.close();
  });
});
