import { expect, test } from '@playwright/test';
import { fillTrip, pickVehicle, signInInSheet } from './support/booking';

// Issue 37 minor: the confirmation's countdown says what it does, second by second, and goes home when it reaches 0.
test('the confirmation page counts down from 5 seconds and goes home when it reaches 0, not before', async ({ page }) => {
  await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
  await pickVehicle(page, 'Hatchback');
  await page.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(page, '98400 37505', 'Kavya Menon');
  await expect(page).toHaveURL(/\/in\/en\/ride\/confirmed$/, { timeout: 20_000 });
  const countdown = page.getByRole('timer');
  await expect(countdown).toHaveText('Taking you back to the home page in 5 seconds…');
  const shown = Date.now();
  for (const left of ['4 seconds', '3 seconds', '2 seconds', '1 second']) await expect(countdown).toContainText(`in ${left}…`);
  await expect(page).toHaveURL(/\/in\/en\/user\/home$/, { timeout: 4_000 });
  const elapsed = Date.now() - shown;
  // "5 seconds" is read at most a poll after it appeared: the page stays at least about 4.5 s after that.
  expect(elapsed, 'time on the confirmation after "5 seconds" showed').toBeGreaterThanOrEqual(4_500);
});

// Issue 37 minor: the cashback offer appears once on the rider home.
test('the rider home shows the cashback offer once', async ({ page }) => {
  await page.goto('/in/en/user/home');
  await expect(page.getByRole('heading', { name: 'Cashback on every ride', exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: /cashback/i })).toHaveCount(1);
});
