import { expect, type Page } from '@playwright/test';
import { codeFromMail, mailCount } from './codes';

/** Signs a console login in by e-mail code (read from the loopback SMTP server), on `origin` or the default host. */
export async function partnerLogin(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/in/en/travel/login`);
  await page.getByLabel('E-mail').fill(email);
  const sent = await mailCount(page.request, email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('4-digit code').fill(await codeFromMail(page.request, email, sent));
  await expect(page).toHaveURL(/\/in\/en\/travel\/home$/);
}
