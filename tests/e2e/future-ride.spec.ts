import { expect, test, type Page } from '@playwright/test';
import { confirmation, fillTrip, pickVehicle, signInInSheet } from './support/booking';
import { driverSignIn } from './support/driver';
import { partnerLogin, showBoardDay, showEveryBoardRide } from './support/partner';

/*
 * Issue 37 major 1: a ride for tomorrow 08:00 holds its driver from its pickup, not from acceptance. The
 * console (desktop) offers that driver for a ride at 03:00 tonight, and the driver app (phone) does not
 * show the driver live to tomorrow's rider until the driver sets off.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
const PARTNER_EMAIL = 'night@meridiancabs.example';
const STAMP = String(Date.now()).slice(-5);
const DRIVER = { name: `Morning Mani ${STAMP}`, phone: `95300${STAMP}`, e164: `+9195300${STAMP}` };
const RIDER = { name: 'Kavya Early', phone: `98437 ${STAMP}` };
const PLATE = `TN11 M${STAMP.slice(-4)}`;
const AT = { latitude: 13.0604, longitude: 80.2496 };
const phone = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

/** The operator's zone, Asia/Kolkata, is UTC+05:30 all year (India keeps no summer time). */
const KOLKATA = '+05:30';
const dateIn = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The next 03:00 in Kolkata at least 15 minutes away ("tonight"), and 08:00 of that day ("tomorrow morning"). */
function nightAndMorning(now = Date.now()) {
  let day = dateIn(new Date(now));
  let night = new Date(`${day}T03:00:00${KOLKATA}`);
  if (night.getTime() < now + 15 * 60_000) {
    day = dateIn(new Date(night.getTime() + 24 * 3600_000));
    night = new Date(`${day}T03:00:00${KOLKATA}`);
  }
  return { day, night, morning: new Date(`${day}T08:00:00${KOLKATA}`) };
}

type Data<T> = { data: T };

test('a driver with a ride tomorrow at 08:00 is free for a ride at 03:00 tonight, and shown live to the rider only once set off', async ({ browser }) => {
  test.setTimeout(180_000);
  const { day, night, morning } = nightAndMorning();
  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
  const desk = await consoleContext.newPage();
  await partnerLogin(desk, PARTNER_EMAIL);
  const post = async <T>(path: string, body: unknown, status = 200) => {
    const answer = await desk.request.post(`${ORIGIN}${path}`, { data: body, headers: { origin: ORIGIN } });
    expect(answer.status(), path).toBe(status);
    return ((await answer.json()) as Data<T>).data;
  };
  const patch = async (path: string, body: unknown) =>
    expect((await desk.request.patch(`${ORIGIN}${path}`, { data: body, headers: { origin: ORIGIN } })).status()).toBe(200);

  // A new verified driver with a sedan of their own.
  const driverId = (
    await post<{ id: number }>('/api/partner/drivers', { name: DRIVER.name, phone: { dialCode: '91', number: DRIVER.phone }, place: 'Chennai' }, 201)
  ).id;
  const car = await post<{ id: number; number: string; model: string }>(
    '/api/partner/vehicles',
    { vehicleType: 'sedan', model: 'Honda City', number: PLATE },
    201,
  );
  await patch(`/api/partner/drivers/${driverId}`, { action: 'verify' });
  await patch(`/api/partner/drivers/${driverId}`, { vehicleId: car.id });
  // online, as a driver at work is (the console assigns online drivers only)
  await patch(`/api/partner/drivers/${driverId}`, { online: true });

  // A rider books a sedan for tomorrow 08:00 on a phone; the operator gives it to the driver.
  const riderContext = await browser.newContext(phone);
  const rider = await riderContext.newPage();
  await fillTrip(rider, { from: 'Chennai', to: 'Bengaluru', date: day, time: '8:00 AM' });
  await pickVehicle(rider, 'Sedan');
  await rider.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(rider, RIDER.phone, RIDER.name);
  const morningRide = await confirmation(rider);
  await post(`/api/partner/rides/${morningRide}`, { action: 'accept', driverId, vehicleId: car.id });

  // The driver signs in on their phone and shares their position with the operator.
  const driverContext = await browser.newContext({ ...phone, permissions: ['geolocation'], geolocation: AT });
  const driver = await driverContext.newPage();
  await driverOnline(driver);
  const morningCard = driver.getByRole('article', { name: `Ride #${morningRide}`, exact: true });
  await expect(morningCard).toContainText(RIDER.name);
  await expect(morningCard.getByRole('button', { name: 'Set off for the pickup' })).toBeVisible();

  // The operator sees the driver's position; tomorrow's rider does not, and is told when they will.
  const track = async (page: Page) =>
    ((await (await page.request.get(`${ORIGIN}/api/rides/${morningRide}/track`)).json()) as Data<{ driver: { position: unknown; sharesFrom: string | null } }>)
      .data.driver;
  await expect.poll(async () => (await track(desk)).position, { timeout: 15_000 }).not.toBeNull();
  await rider.goto(`/in/en/track/driver?rideId=${morningRide}`);
  await expect(rider.getByRole('heading', { name: `Ride #${morningRide}` })).toBeVisible();
  await expect(rider.getByRole('status').filter({ hasText: /^Your driver's live location shows here from .*, or as soon as they set off\.$/ })).toBeVisible();
  await expect(rider.getByTestId('driver-marker')).toHaveCount(0);
  const hidden = await track(rider);
  expect(hidden.position).toBeNull();
  // from the operator's share lead before the pickup (or the set-off, if sooner)
  expect(Date.parse(hidden.sharesFrom!)).toBeLessThan(morning.getTime());
  expect(Date.parse(hidden.sharesFrom!)).toBeGreaterThan(Date.now());

  // The console books a local ride at 03:00 tonight; its Accept dialog offers the driver (not busy) and the car.
  await desk.goto('/in/en/travel/rides');
  await expect(desk.getByRole('heading', { name: 'Rides', level: 1 })).toBeVisible();
  const quote = await post<{ ride_search_id: string }>('/api/rides/quote', {
    rideType: 'oneway',
    tripKind: 'local',
    pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
    dropoffLocation: { lat: 13.04, lng: 80.23, name: 'T Nagar' },
    pickupTime: night.toISOString(),
  });
  const [{ rideId: nightRide }] = await post<{ rideId: number }[]>(
    '/api/partner/rides/book',
    {
      customerName: 'Night Owl',
      customerPhone: { dialCode: '91', number: `94440${STAMP}` },
      rideSearchId: quote.ride_search_id,
      rideVehicle: 'sedan',
      idempotencyKey: `night-${STAMP}`,
    },
    201,
  );
  await showBoardDay(desk, day);
  await showEveryBoardRide(desk);
  const row = desk.getByRole('row', { name: `Ride #${nightRide}`, exact: true });
  // the booking just made reaches the open console live, in the New bookings sheet over the board's lower half
  // (sooner or later, as the machine is busy): hidden, as an operator would, before the board's Accept is pressed
  await expect(async () => {
    const sheet = desk.getByRole('region', { name: 'New bookings' });
    if (await sheet.isVisible()) await sheet.getByRole('button', { name: 'Hide' }).click();
    await row.getByRole('button', { name: 'Accept' }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const accept = desk.getByRole('dialog', { name: `Accept ride #${nightRide}` });
  const driverOption = accept.getByLabel('Driver').locator(`option[value="${driverId}"]`);
  await expect(driverOption).toHaveText(DRIVER.name);
  await expect(driverOption).toBeEnabled();
  await expect(accept.getByLabel('Vehicle', { exact: true }).locator(`option[value="${car.id}"]`)).toHaveText(`${car.number} · Honda City`);
  await accept.getByLabel('Driver').selectOption(String(driverId));
  await accept.getByLabel('Vehicle', { exact: true }).selectOption(String(car.id));
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(accept).toBeHidden();
  await expect(row).toContainText(DRIVER.name);

  // The driver sets off for tomorrow's pickup: from then on its rider sees them live.
  await morningCard.getByRole('button', { name: 'Set off for the pickup' }).click();
  await expect(driver.getByText(`Ride #${morningRide}: your rider now sees you on the way.`)).toBeVisible();
  await expect(morningCard).toContainText('On the way: your rider sees your live location.');
  // the track page reads the ride again at least every 10 s
  await expect(rider.getByTestId('driver-marker')).toHaveAttribute('data-lat', String(AT.latitude), { timeout: 15_000 });

  // Both rides are cancelled and the driver goes offline, so the specs after this one find the fleet as before.
  for (const ride of [nightRide, Number(morningRide)]) await post(`/api/partner/rides/${ride}`, { action: 'decline', reason: 'End of the future-ride test' });
  await patch(`/api/partner/drivers/${driverId}`, { online: false });
  for (const context of [consoleContext, riderContext, driverContext]) await context.close();
});

/** The driver signs in by phone code (from the operator's outbox); online, the phone shares its position. */
async function driverOnline(page: Page) {
  await driverSignIn(page, DRIVER, ORIGIN);
  await expect(page.getByRole('switch', { name: 'Available for rides' })).toBeChecked();
  await expect(page.getByText('You are online: your operator can give you rides.')).toBeVisible();
  await expect(page.getByText('Sharing your location with your operator.', { exact: false })).toBeVisible();
}
