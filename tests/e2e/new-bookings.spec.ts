import { expect, test } from '@playwright/test';
import { partnerLogin } from './support/partner';
import { inIndia } from './support/booking';
import { bookRides } from './support/board';
import { ApiClient } from './support/xss-api';

test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

// Issue 37 minor: the live card says which class, for whom and how to call them; its Cancel opens a Cancel dialog.
test('a new booking arrives on the console with the vehicle class, the customer and a phone to call; Cancel asks to cancel that ride', async ({ page }) => {
  await partnerLogin(page, 'access@meridiancabs.example');
  const rider = new ApiClient('localhost');
  expect((await rider.signInRider('9840037606', 'Suresh Balan')).status).toBe(200);
  const [ride] = await bookRides(rider, `${inIndia(4)}T11:00:00+05:30`, 1, 'new-card');

  const card = page.getByRole('region', { name: 'New bookings' }).getByRole('listitem', { name: `Ride #${ride.id}` });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Sedan');
  await expect(card).toContainText('Suresh Balan');
  await expect(card.getByRole('link', { name: '+91 9840037606' })).toHaveAttribute('href', 'tel:+919840037606');

  await card.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ride #${ride.id}` });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: /^Decline/ })).toHaveCount(0);
  await dialog.getByLabel('Reason').fill('No car free at that hour');
  await dialog.getByRole('button', { name: 'Cancel the ride' }).click();
  await expect(card).toBeHidden();
});
