import { expect, test } from '@playwright/test';

// Issue 37, the specification's rows: `?place=` in the booking URL fills in the pickup (docs/requirements/rider.md#booking-by-form),
// on a phone (Pixel 7) in English.
test('a booking link with ?place= fills in the pickup, by slug, by name or by airport code', async ({ page }) => {
  for (const [param, shown] of [
    ['madurai', /^Madurai$/],
    ['Madurai', /^Madurai$/],
    ['maa', /\(MAA\)$/],
  ] as const) {
    await page.goto(`/in/en/user/form/taxi/booking?place=${encodeURIComponent(param)}`);
    const form = page.getByRole('form', { name: 'Book Taxi' });
    await expect(form.getByRole('combobox', { name: 'Pickup location' })).toHaveValue(shown);
    await expect(form.getByRole('combobox', { name: 'Drop-off location' })).toHaveValue('');
  }
});

test('an unknown or hostile ?place= is ignored without a message and never becomes markup', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/in/en/user/form/taxi/booking?place=zzqqxx-nowhere');
  const form = page.getByRole('form', { name: 'Book Taxi' });
  const pickup = form.getByRole('combobox', { name: 'Pickup location' });
  // the lookup has answered (nothing) once the page is idle: the field stays empty and no error shows
  await page.waitForLoadState('networkidle');
  await expect(pickup).toHaveValue('');
  await expect(form.getByText(/from the list of suggestions/)).toHaveCount(0);

  const hostile = '<img src=x onerror=alert(1)>';
  await page.goto(`/in/en/user/form/taxi/booking?place=${encodeURIComponent(hostile)}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('form', { name: 'Book Taxi' }).getByRole('combobox', { name: 'Pickup location' })).toHaveValue('');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the rider can go on from a ?place= pickup: the drop-off, date and time make Continue work', async ({ page }) => {
  await page.goto('/in/en/user/form/taxi/booking?place=madurai');
  const form = page.getByRole('form', { name: 'Book Taxi' });
  await expect(form.getByRole('combobox', { name: 'Pickup location' })).toHaveValue('Madurai');
  await form.getByRole('combobox', { name: 'Drop-off location' }).fill('Chen');
  await page
    .getByRole('option', { name: /^Chennai/ })
    .first()
    .click();
  await expect(form.getByRole('combobox', { name: 'Pickup location' })).toHaveValue('Madurai');
});
