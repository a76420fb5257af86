import { expect, test } from '@playwright/test';
import { partnerLogin } from './support/partner';

const PARTNER_EMAIL = 'hello@meridiancabs.example';

test.describe('the operator sets its airport rules', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('free waiting refused in place while wrong, then saved; a meeting point at MAA in English and Tamil, kept after a reload', async ({ page }) => {
    await partnerLogin(page, PARTNER_EMAIL);
    await page.goto('/in/en/travel/airports');
    await expect(page.getByRole('heading', { name: 'Airports and waiting', level: 1 })).toBeVisible();

    const waiting = page.getByRole('form', { name: 'Free waiting' });
    const airport = waiting.getByLabel('Airport', { exact: true });
    await expect(airport).toHaveValue('60');
    await airport.fill('700');
    await waiting.getByRole('button', { name: 'Save waiting rules' }).click();
    await expect(waiting.getByText('Enter whole minutes from 0 to 600')).toBeVisible();
    await airport.fill('45');
    await waiting.getByRole('button', { name: 'Save waiting rules' }).click();
    await expect(waiting.getByRole('status')).toHaveText('Waiting rules saved.');

    const maa = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Chennai International Airport (MAA)' }) });
    await expect(maa.getByText('Not set')).toBeVisible();
    await maa.getByRole('button', { name: 'Edit meeting point' }).click();
    const form = maa.getByRole('form', { name: 'Meeting point at Chennai International Airport' });
    await form.getByRole('button', { name: 'Save meeting point' }).click();
    await expect(form.getByRole('alert')).toHaveText('Write the meeting point in at least one language');
    await form.getByLabel('Meeting point in English').fill('Arrivals exit gate 4, by the coffee counter');
    await form.getByLabel('Meeting point in Tamil').fill('வருகை வாயில் 4, காபி கவுண்டர் அருகே');
    await form.getByRole('button', { name: 'Save meeting point' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Meeting point at Chennai International Airport saved.' })).toBeVisible();
    await expect(maa.getByText('Meeting point set')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('form', { name: 'Free waiting' }).getByLabel('Airport', { exact: true })).toHaveValue('45');
    await maa.getByRole('button', { name: 'Edit meeting point' }).click();
    await expect(maa.getByLabel('Meeting point in Tamil')).toHaveValue('வருகை வாயில் 4, காபி கவுண்டர் அருகே');
    // back to the default hour, which the other specs count with
    await page.getByRole('form', { name: 'Free waiting' }).getByLabel('Airport', { exact: true }).fill('60');
    await page.getByRole('button', { name: 'Save waiting rules' }).click();
    await expect(page.getByRole('form', { name: 'Free waiting' }).getByRole('status')).toHaveText('Waiting rules saved.');
  });
});
