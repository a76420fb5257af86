import { expect, test } from '@playwright/test';
import { expectReadsLeftToRight } from './support/layout';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** "acme", the seeded operator in the UAE (phone +971 501234567), on its own host. */
const ACME = `http://acme.localhost:${PORT}`;

// Issue 37 minor (Arabic): phone numbers read "+971 501234567", not "501234567 971+".
test('on an Arabic page the operator phone reads left to right in the hero call button and the footer', async ({ page }) => {
  await page.goto(`${ACME}/ae/ar/user/home`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectReadsLeftToRight(page.getByRole('main').locator('a[href="tel:+971501234567"]').first(), '+971 501234567');
  await expectReadsLeftToRight(page.getByRole('contentinfo').locator('a[href="tel:+971501234567"]'), '+971 501234567');
  await page.goto(`${ACME}/ae/ar/user/support`);
  await expectReadsLeftToRight(page.getByRole('main').locator('a[href="tel:+971501234567"]'), '+971 501234567');
});
