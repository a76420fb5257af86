import { expect, test, type Page } from '@playwright/test';
import { partnerLogin, showBoardDay } from './support/partner';
import { inIndia } from './support/booking';
import { ApiClient } from './support/xss-api';
import { bookRides } from './support/board';

const WIDTH = 360;
const HEIGHT = 780;

/** How far the page reaches past the screen's right edge, in CSS pixels (0: no sideways scroll). */
const overflow = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

test.describe('the console on a 360 px phone', () => {
  test.use({ viewport: { width: WIDTH, height: HEIGHT } });

  // Issue 37 minor: at 360 px the Rides page was wider than the screen and the Accept dialog sat off-centre.
  test('Rides has no sideways scroll; the Accept dialog is centred and wholly on screen', async ({ page }) => {
    const rider = new ApiClient('localhost');
    expect((await rider.signInRider('9840077737', 'Narrow Rider')).status).toBe(200);
    // in 11 days: outside every range the other board specs count
    const day = inIndia(11);
    const [ride] = await bookRides(rider, `${day}T10:00:00+05:30`, 1, 'narrow');

    await partnerLogin(page, 'hello@meridiancabs.example');
    await page.goto('/in/en/travel/rides');
    await showBoardDay(page, day);
    const card = page.getByRole('article', { name: `Ride #${ride.id}`, exact: true });
    await expect(card).toContainText('Booked');
    expect(await page.evaluate(() => window.innerWidth), 'the layout viewport is the screen').toBe(WIDTH);
    expect(await overflow(page), 'the Rides page reaches past the screen by').toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: `Accept ride #${ride.id}` });
    await expect(dialog).toBeVisible();
    // the driver and vehicle lists (with their long option names) have loaded
    await expect(dialog.getByLabel('Vehicle').locator('option')).not.toHaveCount(1);
    const box = (await dialog.boundingBox())!;
    const left = box.x;
    const right = WIDTH - (box.x + box.width);
    expect(left, 'the dialog starts on screen').toBeGreaterThanOrEqual(0);
    expect(right, 'the dialog ends on screen').toBeGreaterThanOrEqual(0);
    expect(Math.abs(left - right), `margins ${left} and ${right} are equal`).toBeLessThanOrEqual(2);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
    // nothing in it runs past its edges (a select as wide as its longest vehicle name did)
    expect(await dialog.evaluate((node) => node.scrollWidth - node.clientWidth), 'the dialog scrolls sideways by').toBeLessThanOrEqual(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
