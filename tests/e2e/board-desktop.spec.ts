import { expect, test, type Page } from '@playwright/test';
import { partnerLogin, showBoardDay } from './support/partner';
import { inIndia } from './support/booking';
import { bookRides } from './support/board';
import { ApiClient } from './support/xss-api';

const DAY = inIndia(9);
const MADURAI = { lat: 9.9252, lng: 78.1198, name: 'Madurai Meenakshi Amman Temple East Tower Entrance' };
const KOCHI = { lat: 9.9312, lng: 76.2673, name: 'Cochin International Airport Terminal 3 Departures' };

/** How many of the board's rows lie wholly on the first screen, and whether every row's actions can be reached without a sideways scroll. */
async function boardFit(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('table')!;
    const rows = [...table.querySelectorAll('tbody tr')];
    const onScreen = rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length;
    const scroller = table.parentElement!;
    const hiddenActions = rows.filter((row) =>
      [...row.querySelectorAll('button')].some((button) => {
        const box = button.getBoundingClientRect();
        const frame = scroller.getBoundingClientRect();
        return box.right > Math.min(window.innerWidth, frame.right) + 0.5 || box.left < Math.max(0, frame.left) - 0.5;
      }),
    ).length;
    return { onScreen, hiddenActions, sideways: scroller.scrollWidth > scroller.clientWidth + 1 || document.documentElement.scrollWidth > window.innerWidth };
  });
}

// Issue 37 major 4: on a desktop the board shows compact rows, status, fare and Accept/Decline without a sideways scroll.
test("the board on a desktop fits its rows and keeps every ride's actions in view at 1440 and 1280 px", async ({ browser }) => {
  test.setTimeout(180_000);
  const rider = new ApiClient('localhost');
  expect((await rider.signInRider('9840037404', 'Parvathy Ramalingam Subramaniam-Iyer')).status).toBe(200);
  await bookRides(rider, `${DAY}T07:00:00+05:30`, 20, 'desk');
  await bookRides(rider, `${DAY}T09:00:00+05:30`, 4, 'desk-long', { from: MADURAI, to: KOCHI });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
  const page = await context.newPage();
  await partnerLogin(page, 'dispatch@meridiancabs.example');
  for (const [viewport, rows] of [
    [{ width: 1440, height: 900 }, 10],
    [{ width: 1280, height: 800 }, 8],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/in/en/travel/rides');
    await showBoardDay(page, DAY);
    await expect(page.getByText(/^\d+ rides with a pickup on /)).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(24);
    const first = table.locator('tbody tr').first();
    for (const name of ['Accept', 'Decline']) await expect(first.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    await expect(first).toContainText('Booked');
    await expect(first).toContainText('₹');
    const fit = await boardFit(page);
    expect(fit, `board at ${viewport.width} px`).toEqual({ onScreen: expect.any(Number), hiddenActions: 0, sideways: false });
    expect(fit.onScreen, `rows on the first screen at ${viewport.width}×${viewport.height}`).toBeGreaterThanOrEqual(rows);
  }
  await context.close();
});
