import { expect, test } from '@playwright/test';
import { confirmation, fillTrip, pickVehicle, rideCard, signInInSheet } from './support/booking';
import { partnerLogin } from './support/partner';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;

type Assignable = {
  drivers: { id: number; name: string; availability: string }[];
  vehicles: { id: number; model: string; number: string; availability: string; fit: string | null }[];
};

// Issue 37 major 3: once a driver is assigned, My rides says who (name, phone with a call button, car and plate), on a phone in English.
test('a rider on a phone sees the assigned driver, the car and its plate, and can call the driver from My rides', async ({ page, browser }) => {
  await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
  await pickVehicle(page, 'Sedan');
  await page.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(page, '98400 37303', 'Latha Mohan');
  const rideId = await confirmation(page);

  await page.goto('/in/en/user/rides');
  await expect(rideCard(page, rideId)).toContainText('Booked');
  await expect(rideCard(page, rideId).getByRole('heading', { name: 'Your driver' })).toHaveCount(0);

  // The operator accepts with a free driver and a car of the booked class.
  const console = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await partnerLogin(console, 'access@meridiancabs.example');
  const options = (await (await console.request.get(`/api/partner/rides/assignable?rideId=${rideId}`)).json()).data as Assignable;
  const driver = options.drivers.find((d) => d.availability === 'available')!;
  const car = options.vehicles.find((v) => v.availability === 'available' && v.fit === 'match')!;
  const accepted = await console.request.post(`/api/partner/rides/${rideId}`, {
    headers: { origin: ORIGIN },
    data: { action: 'accept', driverId: driver.id, vehicleId: car.id },
  });
  expect(accepted.status()).toBe(200);
  const fleet = (await (await console.request.get('/api/partner/drivers')).json()).data as { drivers: { id: number; phoneCode: string; phone: string }[] };
  const { phoneCode, phone } = fleet.drivers.find((d) => d.id === driver.id)!;

  // The rider's card updates live: who drives, the car, the plate, and a call button.
  const card = rideCard(page, rideId);
  await expect(card).toContainText('Driver assigned');
  const who = card.getByRole('region', { name: 'Your driver' });
  await expect(who).toContainText(driver.name);
  await expect(who).toContainText(car.model);
  await expect(who).toContainText(car.number);
  await expect(who).toContainText(`+${phoneCode} ${phone}`);
  await expect(who.getByRole('link', { name: `Call ${driver.name}` })).toHaveAttribute('href', `tel:+${phoneCode}${phone}`);

  // The operator cancels the ride, so the driver and car are free again for the specs that book the same evening after this one.
  const released = await console.request.post(`/api/partner/rides/${rideId}`, {
    headers: { origin: ORIGIN },
    data: { action: 'decline', reason: 'Driver card shown' },
  });
  expect(released.status()).toBe(200);
});
