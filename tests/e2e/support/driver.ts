import { expect, type Page } from '@playwright/test';
import { codeFromOutbox } from './codes';

/** Signs a driver in to the driver app by phone code (read from the operator's outbox on `origin`); ends on their rides. */
export async function driverSignIn(page: Page, driver: { phone: string; e164: string }, origin: string) {
  await page.goto('/in/en/driver/home');
  await expect(page.getByRole('heading', { name: 'Driver sign in' })).toBeVisible();
  await page.getByLabel('Phone number', { exact: true }).fill(driver.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromOutbox(page.request, origin, driver.e164);
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('6-digit code').fill(code);
  await expect(page.getByRole('heading', { name: 'Your current rides' })).toBeVisible();
}
