import { expect, test, type Page } from '@playwright/test';
import { confirmation, fillTrip, pickVehicle, rideCard, signInInSheet } from './support/booking';
import { driverSignIn } from './support/driver';
import { partnerLogin } from './support/partner';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
/** The demo operator's second console login (seeded for the tests), free of another spec's resend wait. */
const PARTNER_EMAIL = 'dispatch@meridiancabs.example';
const DRIVER = { name: 'Karthik Raja', phone: '98765 00011', e164: '+919876500011' };
/** Near the Chennai pickup; each move is a few hundred metres. */
const START = { latitude: 13.0604, longitude: 80.2496 };
// a move a car makes between two fixes a second apart (a faster one is refused as a jump: lib/dispatch/positions.ts)
const MOVED = { latitude: 13.0607, longitude: 80.2498 };
/** The bar: the rider's marker follows the driver within 2 s. */
const LIVE_MS = 2000;

const driverLogin = (page: Page) => driverSignIn(page, DRIVER, ORIGIN);

test.describe('live driver tracking', () => {
  test('the driver shares a position, the rider sees the marker move within 2 s; a share link works logged out until the ride ends', async ({ browser }) => {
    const phone = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };
    const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const riderContext = await browser.newContext(phone);
    const driverContext = await browser.newContext({ ...phone, permissions: ['geolocation'], geolocation: START });
    const guestContext = await browser.newContext(phone);
    const partner = await partnerContext.newPage();
    const rider = await riderContext.newPage();
    const driver = await driverContext.newPage();
    const guest = await guestContext.newPage();

    await partnerLogin(partner, PARTNER_EMAIL);
    await partner.goto('/in/en/travel/rides');
    await expect(partner.getByRole('heading', { name: 'Rides', level: 1 })).toBeVisible();

    await fillTrip(rider, { from: 'Chennai', to: 'Bengaluru', time: 'Now' });
    await pickVehicle(rider, 'Sedan');
    await rider.getByRole('button', { name: 'Book now' }).click();
    await signInInSheet(rider, '98400 66666', 'Meena Sundar');
    const rideId = await confirmation(rider);

    // The demo partner accepts with Karthik Raja.
    const card = partner.getByRole('region', { name: 'New bookings' }).getByRole('listitem', { name: `Ride #${rideId}` });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Accept' }).click();
    const accept = partner.getByRole('dialog', { name: `Accept ride #${rideId}` });
    await accept.getByLabel('Driver').selectOption({ label: DRIVER.name });
    await accept.getByLabel('Vehicle').selectOption({ label: 'TN09 AB4521 · Maruti Suzuki Dzire' });
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();

    // The driver signs in by phone code and starts sharing the (mocked) position.
    await driverLogin(driver);
    const driverRide = driver.getByRole('article', { name: `Ride #${rideId}`, exact: true });
    await expect(driverRide).toContainText('Chennai');
    await expect(driverRide).toContainText('Meena Sundar');
    await expect(driver.getByText('Sharing your location with your operator. Your rider sees it once you set off for the pickup.')).toBeVisible();

    // The rider's track page shows the driver, the pickup and the line, then follows the driver live.
    await rider.goto(`/in/en/track/driver?rideId=${rideId}`);
    await expect(rider.getByRole('heading', { name: `Ride #${rideId}` })).toBeVisible();
    const marker = rider.getByTestId('driver-marker');
    await expect(marker).toHaveAttribute('data-lat', String(START.latitude));
    await expect(marker).toContainText('Driver');
    await expect(rider.getByRole('img', { name: /^The driver and the pickup at/ })).toContainText('Pickup');
    await driverContext.setGeolocation(MOVED);
    await expect(marker).toHaveAttribute('data-lat', String(MOVED.latitude), { timeout: LIVE_MS });
    await expect(marker).toHaveAttribute('data-lng', String(MOVED.longitude));

    // The rider shares a read-only link; it works without signing in.
    await rider.goto('/in/en/user/rides');
    const riderCard = rideCard(rider, rideId);
    await expect(riderCard).toContainText('Driver assigned');
    const startCode = (await riderCard
      .getByText(/Start code/)
      .locator('strong')
      .textContent())!.trim();
    await riderCard.getByRole('button', { name: 'Share' }).click();
    const link = await riderCard.getByLabel('Tracking link').inputValue();
    expect(link).toMatch(new RegExp(`/in/en/track/driver\\?rideId=${rideId}&token=[A-Za-z0-9_-]{43}$`));

    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: `Ride #${rideId}` })).toBeVisible();
    await expect(guest.getByText('You are following a shared ride.', { exact: false })).toBeVisible();
    const guestMarker = guest.getByTestId('driver-marker');
    await expect(guestMarker).toHaveAttribute('data-lat', String(MOVED.latitude));
    await driverContext.setGeolocation(START);
    await expect(guestMarker).toHaveAttribute('data-lat', String(START.latitude), { timeout: LIVE_MS });

    // The driver starts the trip with the rider's code and completes it.
    await driverRide.getByRole('button', { name: 'Start' }).click();
    await driverRide.getByLabel("Rider's start code").fill(startCode === '0000' ? '1111' : '0000');
    await driverRide.getByRole('button', { name: 'Start the trip' }).click();
    await expect(driverRide.getByRole('alert')).toHaveText('The start code is wrong');
    await driverRide.getByLabel("Rider's start code").fill(startCode);
    await driverRide.getByRole('button', { name: 'Start the trip' }).click();
    await expect(driverRide).toContainText('On trip');
    await driverRide.getByRole('button', { name: 'Complete' }).click();
    await driverRide.getByRole('button', { name: 'Complete the ride' }).click();
    await expect(driver.getByText(`Ride #${rideId} is completed.`)).toBeVisible();

    // The link dies with the ride: live, and on a fresh load.
    const expired = 'This tracking link has expired: the ride has ended.';
    await expect(guest.getByRole('alert').filter({ hasText: expired })).toBeVisible({ timeout: 15_000 });
    await guest.reload();
    await expect(guest.getByRole('alert').filter({ hasText: expired })).toBeVisible();
    await expect(guest.getByTestId('driver-marker')).toHaveCount(0);

    for (const context of [partnerContext, riderContext, driverContext, guestContext]) await context.close();
  });
});
