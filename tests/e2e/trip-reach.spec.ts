import { expect, test } from '@playwright/test';
import { choosePlace, tomorrowInIndia } from './support/booking';

// The first place search of a fresh server builds the place index (seconds): done before the timed steps.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  expect((await request.get('/api/places/search?q=colombo', { timeout: 110_000 })).ok()).toBe(true);
});

// Issue 37 major 2: a trip across the sea, or into a country the operator does not serve, gets no road distance and no fare.
for (const trip of [
  { to: 'Colombo', says: 'Colombo is in a country we do not drive in. Choose a place in our area.' },
  { to: 'Jaffna', says: 'Jaffna is in a country we do not drive in. Choose a place in our area.' },
  { to: 'Port Blair', says: 'No road reaches Port Blair from this pickup: it is across the sea.' },
]) {
  test(`a rider on a phone gets no fare from Chennai to ${trip.to}, and is told why`, async ({ page }) => {
    await page.goto('/in/en/user/home');
    const form = page.getByRole('form', { name: 'Book Taxi' });
    await form.getByRole('radio', { name: 'Outstation', exact: true }).check();
    await choosePlace(page, 'Pickup location', 'Chennai', 'Chennai');
    await choosePlace(page, 'Drop-off location', trip.to, trip.to);
    await form.getByLabel('Pickup date').fill(tomorrowInIndia());
    await form.getByLabel('Pickup time').selectOption({ label: '8:00 PM' });
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/in\/en\/ride\/vehicles$/);
    const step = page.getByRole('main');
    await expect(step.getByText(trip.says)).toBeVisible();
    await expect(step.getByText('No vehicles available for the selected route.')).toBeVisible();
    await expect(step.getByRole('radio')).toHaveCount(0);
    await expect(step.getByText(/\d+ km/)).toHaveCount(0);
    await step.getByRole('button', { name: 'Change trip' }).click();
    await expect(page).toHaveURL(/\/in\/en\/user\/home$/);
  });
}
