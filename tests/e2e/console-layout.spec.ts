import { expect, test } from '@playwright/test';
import { partnerLogin } from './support/partner';

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

  // Issue 37 minor: Business settings' Time zone box overlapped Currency at 1440 px.
  test('business settings: the market boxes keep to their own columns at 1440 px', async ({ page }) => {
    await partnerLogin(page, 'dispatch@meridiancabs.example');
    await page.goto('/in/en/travel/settings');
    const boxes = await Promise.all(
      ['Country', 'Currency', 'Time zone'].map(async (label) => {
        const select = page.getByRole('combobox', { name: label, exact: true });
        await expect(select).toBeVisible();
        const field = select.locator('xpath=..');
        return { label, select: (await select.boundingBox())!, field: (await field.boundingBox())! };
      }),
    );
    for (const { label, select, field } of boxes)
      expect(select.x + select.width, `${label} stays in its column`).toBeLessThanOrEqual(field.x + field.width + 0.5);
    const [, currency, zone] = boxes;
    const overlap = currency.select.y < zone.select.y + zone.select.height && zone.select.y < currency.select.y + currency.select.height;
    if (overlap) expect(currency.select.x + currency.select.width, 'Currency ends before Time zone starts').toBeLessThanOrEqual(zone.select.x);
  });
});
