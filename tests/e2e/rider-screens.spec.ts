import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillTrip, pickVehicle, signInInSheet } from './support/booking';

/**
 * Screenshots of the rider's screens (home, booking form, vehicles, summary, confirmation,
 * My rides, wallet) at 360×780 and 412×915, and the home in Tamil and Arabic, into
 * SCREENS_DIR (default /work/notes/screens/after). Not an assertion suite: it is how the
 * before/after pictures of issue 20's visual pass are made (rider-look.spec.ts asserts).
 */
const DIR = process.env.SCREENS_DIR ?? '/work/notes/screens/after';
const SIZES = [
  { width: 360, height: 780, phone: '98400 61111' },
  { width: 412, height: 915, phone: '98400 62222' },
];

async function shot(page: Page, name: string, width: number) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => {});
  await page.screenshot({ path: path.join(DIR, `${width}-${name}.png`), fullPage: true });
}

test.describe('rider screens', () => {
  test.skip(!process.env.SCREENS, 'set SCREENS=1 to take the screenshots');
  for (const size of SIZES) {
    test(`screens at ${size.width}×${size.height}`, async ({ browser }) => {
      test.setTimeout(180_000);
      mkdirSync(DIR, { recursive: true });
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-IN' });
      const page = await context.newPage();
      // A fresh server renders its first pages slowly on a busy machine: wait until the home answers.
      await expect.poll(async () => (await page.request.get('/in/en/user/home')).status(), { timeout: 60_000 }).toBe(200);
      for (const [name, url] of [
        ['home-en', '/in/en/user/home'],
        ['home-ta', '/in/ta/user/home'],
        ['home-ar', '/ae/ar/user/home'],
        ['form-en', '/in/en/user/form/taxi/booking'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('button', { name: /.+/ }).first()).toBeVisible({ timeout: 30_000 });
        await shot(page, name, size.width);
      }
      await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
      await expect(page.getByRole('radio').first()).toBeVisible();
      await page.waitForTimeout(1500);
      await shot(page, 'vehicles-en', size.width);
      await pickVehicle(page, 'Sedan');
      await expect(page.getByRole('button', { name: 'Book now' })).toBeVisible();
      await shot(page, 'summary-en', size.width);
      await page.getByRole('button', { name: 'Book now' }).click();
      await signInInSheet(page, size.phone, 'Asha Raman');
      await expect(page).toHaveURL(/\/ride\/confirmed$/, { timeout: 20_000 });
      const stored = (await page.evaluate(() => sessionStorage.getItem('ride_confirmed')))!;
      const held = await context.newPage();
      await held.addInitScript((value) => {
        sessionStorage.setItem('ride_confirmed', value);
        const schedule = window.setTimeout;
        window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) => (timeout === 5000 ? 0 : schedule(handler, timeout, ...rest))) as typeof window.setTimeout;
      }, stored);
      await held.goto('/in/en/ride/confirmed');
      await expect(held.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(held, 'confirmation-en', size.width);
      await held.close();
      await page.goto('/in/en/user/rides');
      await expect(page.getByRole('article').first()).toBeVisible();
      await shot(page, 'rides-en', size.width);
      await page.goto('/in/en/user/wallet');
      await expect(page.getByText('Cashback pending').first()).toBeVisible();
      await shot(page, 'wallet-en', size.width);
      await context.close();
    });
  }
});
