import { expect, type Page } from '@playwright/test';
import { codeFromMail, mailCount } from './codes';

/** Signs a console login in by e-mail code (read from the loopback SMTP server), on `origin` or the default host. */
export async function partnerLogin(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/in/en/travel/login`);
  await page.getByLabel('E-mail').fill(email);
  const sent = await mailCount(page.request, email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the code' });
  await expect(dialog).toBeVisible();
  // The code request is answered by a fresh e-mail, or refused as too soon when the previous spec signed in
  // with this e-mail under 30 s ago: then, as a user would, wait and use the dialog's "Send again".
  const tooSoon = dialog.getByText('Wait a few seconds before asking for a new code.');
  const mailed = async () => (await mailCount(page.request, email)) > sent;
  await expect.poll(async () => (await mailed()) || (await tooSoon.isVisible()), { timeout: 10_000 }).toBe(true);
  if (!(await mailed())) {
    await page.waitForTimeout(31_000);
    await dialog.getByRole('button', { name: 'Not received? Send again' }).click();
  }
  await dialog.getByLabel('6-digit code').fill(await codeFromMail(page.request, email, sent));
  await expect(page).toHaveURL(/\/in\/en\/travel\/home$/);
}

/** Shows the console's rides board for one pickup day (it opens on Today), as an operator picks the dates. */
export async function showBoardDay(page: Page, day: string) {
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
}

/**
 * Loads every page of the board's range: "Show more rides" until every ride of the range is shown. It first
 * waits for the range just picked to load (the panel stops being busy), else the previous range's last page
 * would look like the end.
 */
export async function showEveryBoardRide(page: Page) {
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');
  const more = page.getByRole('button', { name: /^Show more rides/ });
  while (await more.isVisible()) {
    const before = await more.textContent();
    await more.click();
    await expect.poll(async () => ((await more.isVisible()) ? await more.textContent() : null), { timeout: 15_000 }).not.toBe(before);
  }
}
